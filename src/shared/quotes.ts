import type { OrderStatus } from './order-status';

// Quotes (decision 0020): a parcel that fits no band is priced by the office (Quote Requested to
// Quote Ready), then the customer accepts it, choosing extras and paying through the checkout's
// provider (Awaiting Payment, then Awaiting Parcel once paid), or declines it (Quote Declined).
// The words and the rule are used by the API and the quote screen alike, without zod.

/** A quote is an order without a price band (the office prices it instead). */
export const isQuote = (order: { ProductId: number | null }) => order.ProductId === null;

/** The one status in which a quote is answered: accepted or declined. */
export const ANSWERABLE_QUOTE_STATUS: OrderStatus = 'Quote Ready';

/** What the customer may do with a quote in this status (the server checks again). */
export function quoteActions(status: OrderStatus): { Accept: boolean; Decline: boolean } {
  const open = status === ANSWERABLE_QUOTE_STATUS;
  return { Accept: open, Decline: open };
}

/** Where a quote stands, in the customer's words, for a status other than Quote Ready. */
export function quoteState(status: OrderStatus): string {
  switch (status) {
    case 'Quote Requested':
      return 'We are still pricing this delivery. We will e-mail you as soon as the quote is ready.';
    case 'Quote Ready':
      return 'This quote is ready: accept it and pay, or decline it.';
    case 'Quote Declined':
      return 'You declined this quote, so nothing is due.';
    case 'Awaiting Payment':
      return 'You accepted this quote; it is waiting for your payment.';
    case 'Cancelled':
      return 'This quote was cancelled, so nothing is due.';
    default:
      return 'You accepted and paid this quote: it is now an order.';
  }
}

export const QUOTE_MESSAGES = {
  notFound: 'This quote was not found.',
  /** The 409 of accept or decline when the quote is not Quote Ready. */
  notAnswerable: (status: OrderStatus) =>
    `${quoteState(status)} ${status === 'Quote Requested' ? 'It cannot be answered yet.' : 'It can no longer be accepted or declined.'}`,
  acceptedOtherwise:
    'This quote was already accepted with other choices. Please reload the page to pay for it.',
  notPriceable: (status: OrderStatus) =>
    `Only a requested quote can be priced; this one is ${status}.`,
  unknownExtra: 'This extra is not offered. Please choose from the extras shown.',
} as const;
