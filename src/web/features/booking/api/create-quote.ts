import type { CustomerOrder, QuoteRequest } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/**
 * POST /public/orders/createquote (docs/requirements.md §7): stores a quote request for the
 * customer.
 */
const createQuote = (quote: QuoteRequest) =>
  apiRequest<CustomerOrder>('POST', '/public/orders/createquote', quote);

/** The quote form's request (a light screen: no TanStack Query). */
export function useCreateQuote() {
  return useRequest(createQuote);
}
