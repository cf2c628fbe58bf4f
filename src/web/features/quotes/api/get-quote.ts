import { useQuery } from '@tanstack/react-query';
import type { CustomerQuote } from '../../../../shared/api/quotes';
import { apiRequest } from '../../../lib/api-client';

export const quoteQueryKey = (id: number) => ['quote', id] as const;

/** GET /public/orders/quote/{id}: one of the customer's quotes and what may be done with it. */
export const getQuote = (id: number) =>
  apiRequest<CustomerQuote>('GET', `/public/orders/quote/${id}`);

export function useQuote(id: number) {
  return useQuery({ queryKey: quoteQueryKey(id), queryFn: () => getQuote(id) });
}
