import type { CustomerQuote } from '../../../../shared/api/quotes';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/orders/quote/{id}: one of the customer's quotes and what may be done with it. */
export const getQuote = (id: number) =>
  apiRequest<CustomerQuote>('GET', `/public/orders/quote/${id}`);
