import type { CustomerOrder, QuoteRequest } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { markStale } from '../../../lib/stale-queries';
import { useRequest } from '../../../lib/use-request';

/** POST /public/orders/createquote (SPEC section 7): stores a quote request for the customer. */
export const createQuote = async (quote: QuoteRequest) => {
  const created = await apiRequest<CustomerOrder>('POST', '/public/orders/createquote', quote);
  // The customer's order list now holds the quote.
  markStale(['orders']);
  return created;
};

/** The quote form's request (a light screen: no TanStack Query). */
export function useCreateQuote() {
  return useRequest(createQuote);
}
