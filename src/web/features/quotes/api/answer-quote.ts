import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResult } from '../../../../shared/api/checkout';
import type { AcceptQuoteRequest, CustomerQuote } from '../../../../shared/api/quotes';
import { apiRequest } from '../../../lib/api-client';
import { quoteQueryKey } from './get-quote';

/**
 * POST /public/orders/accept/{id}: accepts the quote with the chosen extras and addresses. The
 * answer is the checkout's: the payment (with the address of its page) and the order.
 */
export const acceptQuote = (id: number, body: AcceptQuoteRequest) =>
  apiRequest<CheckoutResult>('POST', `/public/orders/accept/${id}`, body);

/** POST /public/orders/decline/{Id}: declines the quote; answers it as it now stands. */
export const declineQuote = (id: number) =>
  apiRequest<CustomerQuote>('POST', `/public/orders/decline/${id}`);

export function useAcceptQuote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptQuoteRequest) => acceptQuote(id, body),
    // The page leaves for the payment page; the order list shows the quote accepted.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

export function useDeclineQuote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => declineQuote(id),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryKey(id), quote);
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
