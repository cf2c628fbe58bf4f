import type { OrderSummary } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/orders/summary: quotes to answer, invoices to pay, parcels at the depot. */
export const getOrderSummary = () => apiRequest<OrderSummary>('GET', '/public/orders/summary');
