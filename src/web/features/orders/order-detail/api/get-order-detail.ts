import type { OrderDetail } from '../../../../../shared/api/order-detail';
import { apiRequest } from '../../../../lib/api-client';

/** GET /public/orders/{Id}: the customer's order with its payments, cases and timeline. */
export const getOrderDetail = (id: number) =>
  apiRequest<OrderDetail>('GET', `/public/orders/${id}`);
