import type { CustomerOrder, QuoteRequest } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/orders/createquote (docs/requirements.md §7): stores a quote request for the
 * customer.
 */
export const createQuote = (quote: QuoteRequest) =>
  apiRequest<CustomerOrder>('POST', '/public/orders/createquote', quote);
