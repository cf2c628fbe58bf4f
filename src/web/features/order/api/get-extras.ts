import { useQuery } from '@tanstack/react-query';
import type { ExtraList, ExtraListRequest } from '../../../../shared/api/catalogue';
import { apiRequest } from '../../../lib/api-client';

const request: ExtraListRequest = { options: { sortBy: 'SortOrder', itemsPerPage: 100 } };

export const extrasQueryKey = ['orderextras', request] as const;

export const getExtras = () => apiRequest<ExtraList>('POST', '/api/orderextras', request);

/**
 * Every order extra in SortOrder with its Enabled flag (SPEC sections 3 and 7): the enabled ones
 * are offered, the others are hidden extras, kept and still priced.
 */
export function useExtras() {
  return useQuery({ queryKey: extrasQueryKey, queryFn: getExtras, staleTime: 5 * 60_000 });
}
