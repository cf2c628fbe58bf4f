import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput, ProfileUpdateResponse } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';
import { setAccessToken, setUser } from '../../../lib/session';
import { profileQueryKey } from './get-profile';

/** PUT /public/members/update: answers with a new accessToken and the userData (SPEC section 7). */
export const updateProfile = (payload: ProfileUpdateInput) =>
  apiRequest<ProfileUpdateResponse>('PUT', '/public/members/update', payload);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ accessToken, userData }) => {
      setAccessToken(accessToken);
      setUser(userData);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
