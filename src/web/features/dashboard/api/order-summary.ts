import { useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ordersQueryKey } from './orders-cache';

/** GET /public/orders/summary: quotes to answer, invoices to pay, parcels at the depot. */
export const getOrderSummary = () => apiRequest<OrderSummary>('GET', '/public/orders/summary');

export const orderSummaryQueryKey = [...ordersQueryKey, 'summary'] as const;

export function useOrderSummary() {
  const { token } = useSession();
  return useQuery({
    queryKey: orderSummaryQueryKey,
    queryFn: getOrderSummary,
    enabled: !!token,
    retry: false,
  });
}
