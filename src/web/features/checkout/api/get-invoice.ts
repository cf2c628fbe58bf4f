import type { CustomerInvoice } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/orders/invoices/{id}: one of the customer's invoices, and its open dispute. */
export const getInvoice = (id: number) =>
  apiRequest<CustomerInvoice>('GET', `/public/orders/invoices/${id}`);
