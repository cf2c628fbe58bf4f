import type { CheckoutResult } from '../../../../shared/api/checkout';
import { apiRequest } from '../../../lib/api-client';
import { failureOf, sessionToken, type Failure } from '../../../lib/route-data';
import { isPaymentReference } from '../payment-outcome';

/**
 * GET /public/payment/{Reference}: a payment of the customer's and its orders (the server checks
 * a pending one with the payment provider first).
 */
const getPayment = (reference: string) =>
  apiRequest<CheckoutResult>('GET', `/public/payment/${encodeURIComponent(reference)}`);

/** What the payment outcome pages' loaders read: the payment, or why it could not be read. */
export interface PaymentData {
  /** The `ref` of the address. */
  reference: string;
  /** The session the payment was read with; null: nobody logged in (or no such reference). */
  token: string | null;
  result?: CheckoutResult;
  failure?: Failure;
}

/** Reads the payment named by the address's `ref`, when it is one and somebody is logged in. */
export async function loadPayment(request: Request): Promise<PaymentData> {
  const reference = new URL(request.url).searchParams.get('ref') ?? '';
  const token = sessionToken();
  if (!token || !isPaymentReference(reference)) return { reference, token: null };
  try {
    return { reference, token, result: await getPayment(reference) };
  } catch (error) {
    return { reference, token, failure: failureOf(error) };
  }
}
