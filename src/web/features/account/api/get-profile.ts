import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import './account-cache';

export const profileQueryKey = ['account', 'profile'] as const;

/** GET /public/members: the logged-in customer's profile (SPEC section 7). */
export const getProfile = () => apiRequest<Profile>('GET', '/public/members');

export function useProfile() {
  const { token } = useSession();
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: getProfile,
    enabled: !!token,
    retry: false,
  });
}
