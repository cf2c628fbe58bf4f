import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

export const invoiceQueryKey = (id: number) => ['invoice', id] as const;

/** GET /public/orders/invoices/{id}: one of the customer's invoices. */
export const getInvoice = (id: number) =>
  apiRequest<Invoice>('GET', `/public/orders/invoices/${id}`);

export function useInvoice(id: number, enabled = true) {
  return useQuery({ queryKey: invoiceQueryKey(id), queryFn: () => getInvoice(id), enabled });
}
