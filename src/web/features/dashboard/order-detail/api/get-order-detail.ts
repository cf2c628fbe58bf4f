import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../../shared/api/order-detail';
import { apiRequest } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import '../../../account/api/account-cache';

/** Under the account's key, so it goes when the session ends (account/api/account-cache.ts). */
export const orderDetailQueryKey = (id: number) => ['account', 'orders', 'detail', id] as const;

/** GET /public/orders/{Id}: the customer's order with its payments, cases and timeline. */
export const getOrderDetail = (id: number) =>
  apiRequest<OrderDetail>('GET', `/public/orders/${id}`);

export function useOrderDetail(id: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: orderDetailQueryKey(id),
    queryFn: () => getOrderDetail(id),
    enabled: !!token,
    retry: false,
  });
}
