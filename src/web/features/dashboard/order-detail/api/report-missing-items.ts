import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MissingItemsRequest, OrderCase } from '../../../../../shared/api/cases';
import { apiRequest } from '../../../../lib/api-client';
import { orderDetailQueryKey } from './get-order-detail';

/** POST /public/orders/missing/{Id}: opens a case, or adds to the one already open. */
export const reportMissingItems = (orderId: number, request: MissingItemsRequest) =>
  apiRequest<OrderCase>('POST', `/public/orders/missing/${orderId}`, request);

export function useReportMissingItems(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MissingItemsRequest) => reportMissingItems(orderId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(orderId) }),
  });
}
