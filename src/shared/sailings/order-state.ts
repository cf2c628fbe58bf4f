// Which promise an order's parcel gets (docs/decisions/0048), from its status and whether the
// depot holds it: one mapping for the tracking page, the order page and the e-mails.

import type { OrderStatus } from '../order-status';
import type { ParcelState } from './promise';

/**
 * The parcel's state for the arrival promise, or null when there is none to make: it has sailed
 * (the carrier's tracking says the rest), or the order is over (delivered, cancelled, returned).
 * An order waiting for a payment while the depot holds its parcel is held for that payment;
 * before the parcel arrives, the booking's own promise applies.
 */
export function parcelStateOf(status: OrderStatus, atDepot: boolean): ParcelState | null {
  switch (status) {
    case 'Awaiting Parcel':
      return { kind: 'booked' };
    case 'Received at Depot':
    case 'Paid':
      return { kind: 'at-depot' };
    case 'Awaiting Payment':
      return atDepot ? { kind: 'held', reason: 'invoice' } : { kind: 'booked' };
    case 'Quote Requested':
    case 'Quote Ready':
      return atDepot ? { kind: 'held', reason: 'quote' } : { kind: 'booked' };
    default:
      return null;
  }
}
