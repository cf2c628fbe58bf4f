import type { CheckoutResult } from '../../../../shared/api/checkout';
import type { AcceptQuoteRequest, CustomerQuote } from '../../../../shared/api/quotes';
import { apiRequest } from '../../../lib/api-client';
import { markStale } from '../../../lib/stale-queries';

/**
 * POST /public/orders/accept/{id}: accepts the quote with the chosen extras and addresses. The
 * answer is the checkout's: the payment (with the address of its page) and the order.
 */
export async function acceptQuote(id: number, body: AcceptQuoteRequest) {
  const result = await apiRequest<CheckoutResult>('POST', `/public/orders/accept/${id}`, body);
  markStale(['orders']); // the order list shows the quote accepted
  return result;
}

/** POST /public/orders/decline/{Id}: declines the quote; answers it as it now stands. */
export async function declineQuote(id: number) {
  const quote = await apiRequest<CustomerQuote>('POST', `/public/orders/decline/${id}`);
  markStale(['orders']);
  return quote;
}
