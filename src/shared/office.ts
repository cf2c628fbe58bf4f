import { canTransition, type OrderStatus } from './order-status';

// The office's rules (decision 0018), read by the API and by the back office's screens alike.

/** Orders an invoice may be raised on: booked ones, before or after their parcel left. */
export const INVOICEABLE_STATUSES: readonly OrderStatus[] = [
  'Awaiting Parcel',
  'Received at Depot',
  'Awaiting Payment',
  'Paid',
  'Shipped',
  'Delivered',
];

/** What the office may do with an order now (the server checks each again). */
export function officeOrderActions(status: OrderStatus, refundablePence: number) {
  return {
    Cancel: canTransition(status, 'Cancelled'),
    Refund: refundablePence > 0,
    Invoice: INVOICEABLE_STATUSES.includes(status),
    Note: true,
  };
}

/**
 * The office's lists of quotes: waiting to be priced, priced (waiting for the customer), accepted
 * (the customer went on to pay), declined, and expired: priced but left unanswered for
 * QUOTE_LEFT_DAYS (the customer may still accept), or cancelled.
 */
export const OFFICE_QUOTE_STATES = [
  'waiting',
  'priced',
  'accepted',
  'declined',
  'expired',
] as const;
export type OfficeQuoteState = (typeof OFFICE_QUOTE_STATES)[number];

export const QUOTE_LEFT_DAYS = 14;

/** The statuses of each list (priced and expired also part Quote Ready by when it was priced). */
export const QUOTE_STATE_STATUSES: Readonly<Record<OfficeQuoteState, readonly OrderStatus[]>> = {
  waiting: ['Quote Requested'],
  priced: ['Quote Ready'],
  accepted: [
    'Awaiting Payment',
    'Awaiting Parcel',
    'Received at Depot',
    'Paid',
    'Shipped',
    'Delivered',
  ],
  declined: ['Quote Declined'],
  expired: ['Quote Ready', 'Cancelled'],
};
