import { useQuery } from '@tanstack/react-query';
import { setUser, useSession } from '../../../lib/session';
import './account-cache';
import { getMe, meQueryKey } from './get-me';

/**
 * Refreshes the stored user data (e.g. the e-mail was confirmed in another tab) while logged in;
 * the answer replaces userData and userAbility.
 */
export function useRefreshMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      const user = await getMe();
      setUser(user);
      return user;
    },
    enabled: !!token,
    staleTime: 0,
    retry: false,
  });
}
