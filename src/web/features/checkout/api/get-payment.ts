import { useQuery } from '@tanstack/react-query';
import type { CheckoutResult } from '../../../../shared/api/checkout';
import { apiRequest } from '../../../lib/api-client';

export const paymentQueryKey = (reference: string) => ['payment', reference.toUpperCase()] as const;

/**
 * GET /public/payment/{Reference}: a payment of the customer's and its orders (the server checks
 * a pending one with the payment provider first).
 */
export const getPayment = (reference: string) =>
  apiRequest<CheckoutResult>('GET', `/public/payment/${encodeURIComponent(reference)}`);

interface Options {
  /** Ask again every this many ms while the payment is pending (false: never). */
  pollWhilePending?: number | false;
  enabled?: boolean;
}

export function usePayment(
  reference: string,
  { pollWhilePending = false, enabled = true }: Options = {},
) {
  return useQuery({
    queryKey: paymentQueryKey(reference),
    queryFn: () => getPayment(reference),
    enabled,
    // The provider's answer can arrive a moment after the customer does: ask again while pending.
    refetchInterval: (query) =>
      query.state.data?.Payment.Status === 'pending' ? pollWhilePending : false,
    staleTime: 0,
  });
}
