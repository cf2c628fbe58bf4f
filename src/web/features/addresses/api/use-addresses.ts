import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AddressListRequest } from '../../../../shared/api/addresses';
import { useSession } from '../../../lib/session';
import { addressesQueryKey } from './addresses-cache';
import { listAddresses } from './list-addresses';

export const addressListQueryKey = (request: AddressListRequest) =>
  [...addressesQueryKey, 'list', request] as const;

/**
 * A page of the customer's addresses for the Address Book; the previous page stays shown while
 * the next loads.
 */
export function useAddresses(request: AddressListRequest = {}) {
  const { token } = useSession();
  return useQuery({
    queryKey: addressListQueryKey(request),
    queryFn: () => listAddresses(request),
    enabled: !!token,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
