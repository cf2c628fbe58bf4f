// Checkout's and payment's words and lists (decision 0012), used by the API contract
// (src/shared/api/checkout.ts, which re-exports them) and by the screens. Kept apart from the
// schemas so that the checkout and payment pages do not load zod for a few sentences.

export const MAX_BOOKINGS_PER_CHECKOUT = 20;

/** An `Idempotency-Key` of POST /public/orders/create: one per checkout attempt. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w-]{8,100}$/;

export const CHECKOUT_MESSAGES = {
  emptyBasket: 'Your basket is empty.',
  tooManyBookings: `Please check out at most ${MAX_BOOKINGS_PER_CHECKOUT} deliveries at a time.`,
  unknownProduct: 'This price band is no longer offered. Please choose another.',
  unknownExtra: 'This extra is no longer offered. Please remove it.',
  sizeTooBig: 'The parcel does not fit this price band. Please choose a larger one.',
  addressNotFound: 'This address was not found in your address book.',
  notADeliveryAddress: 'Please choose a delivery address on one of the islands.',
  notABillingAddress: 'Please choose a billing address.',
  islandMismatch: (booking: string, address: string) =>
    `This delivery is booked to ${booking}, but the delivery address is on ${address}.`,
  idempotencyKey: 'must be 8 to 100 letters, digits, hyphens or underscores',
  idempotencyConflict:
    'This checkout was already started with different details. Please reload the checkout and try again.',
  paymentNotFound: 'This payment was not found.',
  invoiceNotFound: 'This invoice was not found.',
  invoiceNotPayable: 'This invoice is not waiting for payment.',
  /** A disputed invoice is not paid until staff decide (decision 0038). */
  invoiceDisputed: (invoiceReference: string, caseReference: string) =>
    `${invoiceReference} is disputed (case ${caseReference}): it cannot be paid until we have decided the dispute. We will email you our decision.`,
} as const;

export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;

/** Why a payment attempt failed, as providers report it. */
export const PAYMENT_FAILURES = [
  'card_declined',
  'insufficient_funds',
  'expired',
  'cancelled',
  'failed',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** The failure page's words for each reason. */
export const PAYMENT_FAILURE_MESSAGES: Readonly<Record<PaymentFailure, string>> = {
  card_declined:
    'Your card was declined, so nothing was taken. Please try another card, or ask your bank why it was refused.',
  insufficient_funds:
    'Your card was refused for insufficient funds, so nothing was taken. Please try another card.',
  expired:
    'This payment was not completed within 24 hours, so it was cancelled and nothing was taken. Your basket is still here: please check out again.',
  cancelled: 'You left the payment page before paying, so nothing was taken.',
  failed: 'The payment did not go through, so nothing was taken. Please try again.',
};
