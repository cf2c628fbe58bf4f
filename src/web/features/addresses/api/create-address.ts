import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressRequest } from '../../../../shared/api/addresses';
import { apiRequest } from '../../../lib/api-client';
import { addressesQueryKey } from './addresses-cache';

/** POST /public/addresses/create: saves a new address; errors go to the caller (SPEC section 8). */
export const createAddress = (address: AddressRequest) =>
  apiRequest<Address>('POST', '/public/addresses/create', address);

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
