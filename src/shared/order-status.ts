// The order lifecycle. Every status change on the server goes through ORDER_STATUS_TRANSITIONS;
// who may make a change (customer, depot, office) is the server's guard, not this table's.
//
//   Quote Requested ─> Quote Ready ─> Awaiting Payment          (accept)
//                                 └─> Quote Declined            (decline, final)
//   Awaiting Payment ─> Quote Ready   an accepted quote left unpaid for 24 hours, to accept again
//   Awaiting Payment ─> Awaiting Parcel   paid before the parcel reaches the depot
//                    └─> Paid             paid while the parcel is at the depot (an invoice)
//   Awaiting Parcel ─> Received at Depot ─> Shipped ─> Delivered
//   Received at Depot ─> Awaiting Payment  the parcel needs more than was paid: an invoice
//   Awaiting Payment ─> Received at Depot  released: the invoice it was held for was voided and
//                                          nothing else is owed (decision 0018)
//   Paid ─> Shipped
//   Received at Depot, Paid ─> Return Requested   the customer asks for the parcel to go back to
//                                                 the retailer before it sails (decision 0039)
//   Return Requested ─> Returned to Retailer      the depot sent it back (final); the unused
//                                                 crossing is refunded (src/shared/returns.ts)
//   Return Requested ─> Received at Depot, Paid   withdrawn by the customer before staff act on it
//   Cancelled: from any state before shipping; final. An unpaid checkout is cancelled after
//   24 hours (Awaiting Payment ─> Cancelled).
//
// Missing items are not a status: a report opens a case beside the order, with its own status,
// so the order keeps where it stands (docs/decisions/0012-order-lifecycle-and-payments.md).

export const ORDER_STATUSES = [
  'Quote Requested',
  'Quote Ready',
  'Quote Declined',
  'Awaiting Payment',
  'Awaiting Parcel',
  'Received at Depot',
  'Paid',
  'Return Requested',
  'Returned to Retailer',
  'Shipped',
  'Delivered',
  'Cancelled',
] as const;

/** An order status, as carried in StatusId_Name (docs/requirements.md §4). */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** From each status, the statuses an order may move to next. */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'Quote Requested': ['Quote Ready', 'Cancelled'],
  'Quote Ready': ['Awaiting Payment', 'Quote Declined', 'Cancelled'],
  'Quote Declined': [],
  'Awaiting Payment': ['Awaiting Parcel', 'Paid', 'Quote Ready', 'Received at Depot', 'Cancelled'],
  'Awaiting Parcel': ['Received at Depot', 'Cancelled'],
  'Received at Depot': ['Shipped', 'Awaiting Payment', 'Return Requested', 'Cancelled'],
  Paid: ['Shipped', 'Return Requested', 'Cancelled'],
  // Withdrawn by the customer before staff act on it: back to where it was (decision 0039).
  'Return Requested': ['Returned to Retailer', 'Received at Depot', 'Paid', 'Cancelled'],
  'Returned to Retailer': [],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/** Statuses left out of the customer's order list (docs/requirements.md §4). */
export const HIDDEN_ORDER_STATUSES: readonly OrderStatus[] = ['Cancelled'];

/** The statuses of the orders a customer sees, in lifecycle order. */
export const VISIBLE_ORDER_STATUSES = ORDER_STATUSES.filter(isShownToCustomer) as [
  OrderStatus,
  ...OrderStatus[],
];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/** Whether an order may move from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** Whether an order in this status is shown in the customer's order list. */
export function isShownToCustomer(status: string): boolean {
  return !(HIDDEN_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Statuses of an order whose parcel has left the UK: its export certificate can be issued. */
const EXPORTED_STATUSES: readonly OrderStatus[] = ['Shipped', 'Delivered'];

/** Whether the parcel has left the UK (the export certificate is available). */
export function hasLeftTheUk(status: OrderStatus): boolean {
  return EXPORTED_STATUSES.includes(status);
}

/** Whether the customer may report missing items: only once the parcel is on its way or there. */
export function canReportMissingItems(status: OrderStatus): boolean {
  return hasLeftTheUk(status);
}

/**
 * Every kind of event an order's timeline records: a status change (`status`, unless the change
 * names a kind of its own, as a withdrawn return does), and the events that change no status.
 * The one list: the server's event data is typed from it and the office's answer's schema reads
 * it, so a new kind cannot be written that the office's screen cannot read.
 */
export const ORDER_EVENT_KINDS = [
  'status',
  'note',
  'refund',
  'refund-failed',
  'dispute',
  'dispute-remeasured',
  'dispute-decided',
  'return-label',
  'return-withdrawn',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const isOrderEventKind = (value: unknown): value is OrderEventKind =>
  (ORDER_EVENT_KINDS as readonly unknown[]).includes(value);
