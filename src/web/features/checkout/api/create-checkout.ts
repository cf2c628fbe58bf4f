import type { CheckoutRequest, CheckoutResult } from '../../../../shared/api/checkout';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { checkoutKey, clearCheckoutKey } from '../checkout-storage';

/** POST /public/orders/create with the checkout's Idempotency-Key. */
const createCheckout = (body: CheckoutRequest, key: string) =>
  apiRequest<CheckoutResult>('POST', '/public/orders/create', body, { 'Idempotency-Key': key });

/**
 * Creates the orders and their payment, in one request. The key kept under CHECKOUT-REF is sent
 * on every attempt: the server answers a repeat with the same orders and payment, and takes other
 * details under the same key as the customer's new checkout (src/server/modules/checkout/service.ts
 * decides; docs/decisions/0012). A 409 (the key's checkout was paid) forgets the key, so the next
 * press starts anew.
 */
export async function checkOut(body: CheckoutRequest): Promise<CheckoutResult> {
  try {
    return await createCheckout(body, checkoutKey());
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) clearCheckoutKey();
    throw error;
  }
}
