import type { DisputeRequest, OrderCase } from '../../../../../shared/api/cases';
import { apiRequest } from '../../../../lib/api-client';

/** POST /public/orders/dispute/{Id}: disputes an excess-carriage invoice (decision 0038). */
export const disputeInvoice = (invoiceId: number, request: DisputeRequest) =>
  apiRequest<OrderCase>('POST', `/public/orders/dispute/${invoiceId}`, request);
