import type { Invoice } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/orders/invoices/{id}: one of the customer's invoices. */
export const getInvoice = (id: number) =>
  apiRequest<Invoice>('GET', `/public/orders/invoices/${id}`);
