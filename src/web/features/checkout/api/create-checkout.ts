import type { CheckoutRequest, CheckoutResult } from '../../../../shared/api/checkout';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';
import { checkoutKey, clearCheckoutKey } from '../checkout-storage';

/** POST /public/orders/create with the checkout's Idempotency-Key. */
export const createCheckout = (body: CheckoutRequest, key: string) =>
  apiRequest<CheckoutResult>('POST', '/public/orders/create', body, { 'Idempotency-Key': key });

/**
 * The key was used with other details (`CHECKOUT_MESSAGES.idempotencyConflict`): the only 409 of
 * create. Any 409 drops the key, so the customer is never stuck with one the server refuses.
 */
const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Creates the orders and their payment. The key kept under CHECKOUT-REF is sent again on every
 * attempt, so the server answers a repeat with the same orders and payment. When the key was used
 * for other details (the basket changed since) or its payment can no longer be paid (expired or
 * cancelled), a new key is made and the checkout sent once more.
 */
export async function checkOut(body: CheckoutRequest): Promise<CheckoutResult> {
  let result: CheckoutResult;
  try {
    result = await createCheckout(body, checkoutKey());
  } catch (error) {
    if (!isConflict(error)) throw error;
    clearCheckoutKey();
    return createCheckout(body, checkoutKey());
  }
  if (result.Payment.Status === 'expired' || result.Payment.Status === 'cancelled') {
    clearCheckoutKey();
    return createCheckout(body, checkoutKey());
  }
  return result;
}

/** The checkout's request (a light screen: no TanStack Query). */
export function useCreateCheckout() {
  return useRequest(checkOut);
}
