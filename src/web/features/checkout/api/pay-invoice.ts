import type { CheckoutResult } from '../../../../shared/api/checkout';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/payment/additional/{Id}: starts paying an unpaid invoice (or answers the payment
 * already started for it), with the address of the payment page.
 */
export const payInvoice = (invoiceId: number) =>
  apiRequest<CheckoutResult>('POST', `/public/payment/additional/${invoiceId}`);
