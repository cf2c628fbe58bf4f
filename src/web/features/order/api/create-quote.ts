import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerOrder, QuoteRequest } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

/** POST /public/orders/createquote (SPEC section 7): stores a quote request for the customer. */
export const createQuote = (quote: QuoteRequest) =>
  apiRequest<CustomerOrder>('POST', '/public/orders/createquote', quote);

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    // The customer's order list now holds the quote.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
