import type { MissingItemsRequest, OrderCase } from '../../../../../shared/api/cases';
import { apiRequest } from '../../../../lib/api-client';

/** POST /public/orders/missing/{Id}: opens a case, or adds to the one already open. */
export const reportMissingItems = (orderId: number, request: MissingItemsRequest) =>
  apiRequest<OrderCase>('POST', `/public/orders/missing/${orderId}`, request);
