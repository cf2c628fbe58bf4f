import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressRequest } from '../../../../shared/api/addresses';
import { apiRequest } from '../../../lib/api-client';
import { refreshChosenAddress } from '../chosen-addresses';
import { addressesQueryKey } from './addresses-cache';

/** PUT /public/addresses/{Id}: saves the changed address and answers it. */
export const updateAddress = ({ Id, address }: { Id: number; address: AddressRequest }) =>
  apiRequest<Address>('PUT', `/public/addresses/${Id}`, address);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (address) => {
      refreshChosenAddress(address);
      return queryClient.invalidateQueries({ queryKey: addressesQueryKey });
    },
  });
}
