import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AddressList, AddressListRequest } from '../../../../shared/api/addresses';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { addressesQueryKey } from './addresses-cache';

/** POST /public/addresses: a page of the customer's addresses (SPEC section 7: items read). */
export const listAddresses = (request: AddressListRequest = {}) =>
  apiRequest<AddressList>('POST', '/public/addresses', request);

export const addressListQueryKey = (request: AddressListRequest) =>
  [...addressesQueryKey, 'list', request] as const;

/** A page of the customer's addresses; the previous page stays shown while the next loads. */
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
