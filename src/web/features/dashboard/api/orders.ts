import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerOrders, OrderHistoryRequest } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ordersQueryKey } from './orders-cache';

/**
 * POST /public/orders: a page of the customer's order history (SPEC section 7: Orders and the
 * Invoices of those orders), sorted, filtered and searched on the server.
 */
export const listOrders = (request: OrderHistoryRequest = {}) =>
  apiRequest<CustomerOrders>('POST', '/public/orders', request);

export const orderHistoryQueryKey = (request: OrderHistoryRequest) =>
  [...ordersQueryKey, 'history', request] as const;

/** A page of the order history; the page shown stays while the next one loads. */
export function useOrderHistory(request: OrderHistoryRequest) {
  const { token } = useSession();
  return useQuery({
    queryKey: orderHistoryQueryKey(request),
    queryFn: () => listOrders(request),
    enabled: !!token,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
