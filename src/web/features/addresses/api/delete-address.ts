import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../../shared/api/auth';
import { apiRequest } from '../../../lib/api-client';
import { forgetChosenAddress } from '../chosen-addresses';
import { addressesQueryKey } from './addresses-cache';

/** DELETE /public/addresses/{Id}: deletes an address; errors go to the caller (SPEC section 8). */
export const deleteAddress = (Id: number) => apiRequest<Ok>('DELETE', `/public/addresses/${Id}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_ok, Id) => {
      forgetChosenAddress(Id);
      return queryClient.invalidateQueries({ queryKey: addressesQueryKey });
    },
  });
}
