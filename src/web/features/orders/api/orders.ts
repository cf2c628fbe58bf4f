import type { CustomerOrders, OrderHistoryRequest } from '../../../../shared/api/orders';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/orders: a page of the customer's order history (docs/requirements.md §7: Orders and
 * the Invoices of those orders), sorted, filtered and searched on the server.
 */
export const listOrders = (request: OrderHistoryRequest = {}) =>
  apiRequest<CustomerOrders>('POST', '/public/orders', request);
