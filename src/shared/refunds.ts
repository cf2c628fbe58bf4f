import { formatMoney, sumPence } from './money';

// Refunds (decision 0018): the office gives money back on an order through the payment provider.
// The rule: what is refunded on a payment for an order never exceeds what that payment took for it
// (the order's share of a checkout, less its discount; or an invoice's amount), counting the
// refunds already made and those still waiting for the provider's answer.

/** What a payment took for an order, and what has been (or is being) given back of it. */
export interface RefundSource {
  paymentId: number;
  paidPence: number;
  refundedPence: number;
}

/** What may still be refunded from one payment for one order. */
export const refundablePence = (source: RefundSource) =>
  Math.max(0, source.paidPence - source.refundedPence);

/** What may still be refunded on an order, over all its payments. */
export const totalRefundablePence = (sources: readonly RefundSource[]) =>
  sumPence(sources.map(refundablePence));

/**
 * Splits a refund over an order's payments, in the order given (the checkout first, then the
 * invoices): each gives what it still can until the amount is made. Null when the payments
 * together cannot give that much.
 */
export function allocateRefund(
  amountPence: number,
  sources: readonly RefundSource[],
): { paymentId: number; amountPence: number }[] | null {
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) {
    throw new RangeError(`Not an amount of pence to refund: ${amountPence}`);
  }
  if (amountPence > totalRefundablePence(sources)) return null;
  const parts: { paymentId: number; amountPence: number }[] = [];
  let left = amountPence;
  for (const source of sources) {
    const take = Math.min(left, refundablePence(source));
    if (take > 0) parts.push({ paymentId: source.paymentId, amountPence: take });
    left -= take;
    if (left === 0) break;
  }
  return parts;
}

export const REFUND_MESSAGES = {
  tooMuch: (refundablePence: number) =>
    refundablePence === 0
      ? 'Nothing is left to refund on this order.'
      : `At most ${formatMoney(refundablePence)} can be refunded on this order.`,
  providerFailed:
    'The payment provider did not make the refund. Nothing was given back: please try again.',
  /** A step of the depot's that gives money back: giving money back is the office's (decision 0046). */
  officeGivesBack: (pence: number) =>
    `This gives ${formatMoney(pence)} back to the customer: giving money back is the office's, so an office member must do this step.`,
  providerPending:
    'The payment provider has not confirmed the refund yet. It is pending on the order and is checked again every minute: do not refund it again.',
} as const;
