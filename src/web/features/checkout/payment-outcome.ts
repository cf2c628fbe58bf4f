import type { Payment } from '../../../shared/api/checkout';
import {
  PAYMENT_FAILURE_MESSAGES,
  PAYMENT_FAILURES,
  type PaymentFailure,
} from '../../../shared/checkout-messages';

// What the payment outcome pages read of the address and of the payment (pure, unit-tested in
// tests/unit/web/checkout-request.test.ts).

/** A payment reference as the provider sends it back (`PAY-000001`). */
export const isPaymentReference = (value: string) => /^PAY-\d{6,16}$/i.test(value);

const isFailure = (value: string | null): value is PaymentFailure =>
  (PAYMENT_FAILURES as readonly (string | null)[]).includes(value);

/**
 * Why the payment failed, in plain words: an expired payment says so; otherwise the server's
 * record of the last attempt, then the reason the payment page put in the address, then a general
 * one.
 */
export function failureMessage(
  payment: Pick<Payment, 'Status' | 'LastFailure'> | undefined,
  reason: string | null,
): string {
  if (payment?.Status === 'expired') return PAYMENT_FAILURE_MESSAGES.expired;
  if (payment?.LastFailure) return PAYMENT_FAILURE_MESSAGES[payment.LastFailure];
  return PAYMENT_FAILURE_MESSAGES[isFailure(reason) ? reason : 'failed'];
}
