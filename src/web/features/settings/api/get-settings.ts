import { useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '../../../../shared/api/settings';
import { apiRequest } from '../../../lib/api-client';

export const settingsQueryKey = ['settings'] as const;

/** The public site settings (SPEC section 7: GET /public/settings, loaded at start). */
export function useSettingsItems() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => apiRequest<SettingsResponse>('GET', '/public/settings'),
    staleTime: 5 * 60_000,
  });
}
