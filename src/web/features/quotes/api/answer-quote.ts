import type { CheckoutResult } from '../../../../shared/api/checkout';
import type { AcceptQuoteRequest, CustomerQuote } from '../../../../shared/api/quotes';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/orders/accept/{id}: accepts the quote with the chosen extras and addresses. The
 * answer is the checkout's: the payment (with the address of its page) and the order.
 */
export async function acceptQuote(id: number, body: AcceptQuoteRequest) {
  return apiRequest<CheckoutResult>('POST', `/public/orders/accept/${id}`, body);
}

/** POST /public/orders/decline/{Id}: declines the quote; answers it as it now stands. */
export async function declineQuote(id: number) {
  return apiRequest<CustomerQuote>('POST', `/public/orders/decline/${id}`);
}
