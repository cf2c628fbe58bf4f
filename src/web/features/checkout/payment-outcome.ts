import type { CheckoutResult, Payment } from '../../../shared/api/checkout';
import { isQuote } from '../../../shared/quotes';
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

/** What a payment was for: bookings from the basket, an invoice, or an accepted quote. */
export type PaidFor =
  { kind: 'booking' } | { kind: 'invoice'; id: number } | { kind: 'quote'; id: number };

export function paidFor(result: Pick<CheckoutResult, 'Payment' | 'Orders'>): PaidFor {
  const { Payment, Orders } = result;
  if (Payment.Kind === 'invoice' && Payment.InvoiceId !== null) {
    return { kind: 'invoice', id: Payment.InvoiceId };
  }
  const quote = Orders.find(isQuote);
  return quote ? { kind: 'quote', id: quote.Id } : { kind: 'booking' };
}

/** The way back to what was being paid, for a payment that did not go through. */
export function wayBack(what: PaidFor): { label: string; to: string } {
  switch (what.kind) {
    case 'invoice':
      return { label: 'Back to the invoice', to: `/dashboard/pay/${what.id}` };
    case 'quote':
      return { label: 'Back to the quote', to: `/dashboard/quote/${what.id}` };
    case 'booking':
      return { label: 'Back to the basket', to: '/basket/' };
  }
}
