// The order's page in My Account (decision 0020, contract in api/order-detail.ts): what it and
// the server say, and its timeline's kinds and headings. Apart from the contract so the page
// loads no zod for its words (decision 0061).

export const ORDER_DETAIL_MESSAGES = {
  notFound: 'This order was not found.',
  photoNotFound: 'This photo was not found.',
} as const;

/** What happened to an order, as its timeline tells it (one entry per status change). */
export const TIMELINE_KINDS = [
  'quote-requested',
  'quoted',
  'accepted',
  'declined',
  'booked',
  'paid',
  'received',
  'held',
  'invoice-paid',
  'released',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
  'disputed',
  'dispute-decided',
  'return-asked',
  'return-label',
  'return-withdrawn',
  'returned',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Each entry's heading on the order's page. */
export const TIMELINE_TITLES: Readonly<Record<TimelineKind, string>> = {
  'quote-requested': 'Quote requested',
  quoted: 'Quote ready',
  accepted: 'Quote accepted',
  declined: 'Quote declined',
  booked: 'Booked',
  paid: 'Paid',
  received: 'Received at our depot',
  held: 'Held for an invoice',
  'invoice-paid': 'Invoice paid',
  released: 'Invoice cancelled: nothing more to pay',
  dispatched: 'On its way to the island',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  disputed: 'Invoice disputed: your parcel is held while we look',
  'dispute-decided': 'Dispute decided',
  'return-asked': 'Return to the retailer asked',
  'return-label': 'Return label ready',
  'return-withdrawn': 'Return to the retailer withdrawn: it goes to the island',
  returned: 'Returned to the retailer',
};
