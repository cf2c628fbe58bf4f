import { smallestFittingBand, type FittableBand, type ParcelSize } from './band-fit';
import { formatMoney, sumPence, toPence } from './money';
import type { OrderStatus } from './order-status';

// Consolidation (docs/decisions/0041): a customer's paid bookings for one island whose
// parcels have not left are shipped together as one consignment, for the price of one crossing.
// The consignment has its own lifecycle beside the orders' (which keep their own references and
// timelines, joined by the consignment). Sizes in mm, weights in grams, money in pence.
//
//   requested ─> awaiting parcels ─> ready ─> repacking ─> dispatched
//            └──────────────────────┘   (all parcels in: straight to ready)
//   cancelled: by the customer (or the office) from requested, awaiting parcels or ready;
//              never once repacking has started. A consignment left with fewer than two
//              bookings (one went without) is cancelled too.

export const CONSIGNMENT_STATUSES = [
  'requested',
  'awaiting parcels',
  'ready',
  'repacking',
  'dispatched',
  'cancelled',
] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];

/** From each status, the statuses a consignment may move to next. */
export const CONSIGNMENT_TRANSITIONS: Readonly<
  Record<ConsignmentStatus, readonly ConsignmentStatus[]>
> = {
  requested: ['awaiting parcels', 'ready', 'cancelled'],
  'awaiting parcels': ['ready', 'cancelled'],
  // A parcel left behind (re-)opens nothing: ready stays ready; a new wait is impossible.
  ready: ['repacking', 'cancelled'],
  repacking: ['dispatched'],
  dispatched: [],
  cancelled: [],
};

export function canMoveConsignment(from: ConsignmentStatus, to: ConsignmentStatus): boolean {
  return CONSIGNMENT_TRANSITIONS[from].includes(to);
}

/** The customer may cancel the request until the depot starts repacking. */
export const canCancelConsignment = (status: ConsignmentStatus) =>
  canMoveConsignment(status, 'cancelled');

/** Consignments still going (an order may be in only one of these at a time). */
export const OPEN_CONSIGNMENT_STATUSES: readonly ConsignmentStatus[] = [
  'requested',
  'awaiting parcels',
  'ready',
  'repacking',
];

/** A consignment's reference, shown to the customer and the depot: `CON-000001`. */
export function consignmentReference(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Not an id: ${id}`);
  return `CON-${String(id).padStart(6, '0')}`;
}

/** Order statuses whose parcel has not left: paid, at or on its way to the depot. */
export const CONSOLIDATABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'Awaiting Parcel',
  'Received at Depot',
  'Paid',
];

/** What the eligibility rule reads of a booking. */
export interface ConsolidationCandidate {
  id: number;
  customerId: number;
  island: string;
  status: OrderStatus;
  /** Its parcel has been dispatched (it has left the depot). */
  dispatched: boolean;
  /** It is already in an open consignment. */
  inConsignment: boolean;
}

export const CONSOLIDATION_MESSAGES = {
  tooFew: 'Choose two or more bookings to ship together.',
  oneIsland: 'The bookings must all go to the same island.',
  notYours: 'One of the bookings is not yours.',
  notEligible: (reference: string) =>
    `${reference} cannot join: it must be paid and its parcel not yet left the depot.`,
  alreadyIn: (reference: string) => `${reference} is already in a consolidation.`,
  tooBig:
    'Together these parcels are larger or heavier than our largest box: ship them separately.',
  notCancellable: (status: string) =>
    `This consolidation is ${status}: it can no longer be cancelled.`,
  noSuchConsignment: 'No such consolidation.',
  notReady: (status: string) => `This consolidation is ${status}: it is not ready to repack.`,
  notRepacking: (status: string) => `This consolidation is ${status}: it is not being repacked.`,
  notAwaited: 'That booking is not awaited in this consolidation.',
  notOverdue: (days: number) =>
    `A booking can be left out once its parcel is ${days} days late; this one is not yet.`,
  boxTooBig:
    'The box is larger or heavier than every price band: repack it smaller or ship the parcels separately.',
  nothingToReverse: 'Nothing was refunded or invoiced on this consolidation to reverse.',
  alreadyReversed: 'This consolidation’s difference was already reversed.',
  refundPending:
    'The refund of this consolidation’s difference is still being made: reverse it once the provider has confirmed it.',
} as const;

/** Which of the given bookings may join one consignment, and why not (first problem only). */
export function consolidationProblem(
  customerId: number,
  chosen: readonly (ConsolidationCandidate & { reference: string })[],
): string | null {
  if (chosen.length < 2) return CONSOLIDATION_MESSAGES.tooFew;
  for (const c of chosen) {
    if (c.customerId !== customerId) return CONSOLIDATION_MESSAGES.notYours;
  }
  for (const c of chosen) {
    if (!CONSOLIDATABLE_ORDER_STATUSES.includes(c.status) || c.dispatched) {
      return CONSOLIDATION_MESSAGES.notEligible(c.reference);
    }
    if (c.inConsignment) return CONSOLIDATION_MESSAGES.alreadyIn(c.reference);
  }
  if (new Set(chosen.map((c) => c.island)).size > 1) return CONSOLIDATION_MESSAGES.oneIsland;
  return null;
}

/** Whether a booking may be offered for consolidation at all. */
const isConsolidatable = (c: ConsolidationCandidate) =>
  CONSOLIDATABLE_ORDER_STATUSES.includes(c.status) && !c.dispatched && !c.inConsignment;

/**
 * Bookings grouped by island where two or more could go together: the customer's choice.
 */
export function consolidationGroups<C extends ConsolidationCandidate>(
  candidates: readonly C[],
): { island: string; bookings: C[] }[] {
  const byIsland = new Map<string, C[]>();
  for (const c of candidates.filter(isConsolidatable)) {
    byIsland.set(c.island, [...(byIsland.get(c.island) ?? []), c]);
  }
  return [...byIsland]
    .filter(([, list]) => list.length >= 2)
    .map(([island, bookings]) => ({ island, bookings }))
    .sort((a, b) => a.island.localeCompare(b.island));
}

/** One booking's parcel as the estimate reads it: its size, weight and what carriage cost. */
export interface ConsolidatedParcel {
  size: ParcelSize;
  weightGrams: number;
  /** What was paid for its carriage (the band's or the quote's price line), in pence. */
  paidPence: number;
}

/**
 * The box several parcels make together, as the customer's estimate: the parcels side by side
 * along their shortest sides (each turned longest side first), so the box is as long and as wide
 * as the longest and widest of them and as high as their heights together; the weights add up.
 */
export function combinedParcel(
  parcels: readonly Pick<ConsolidatedParcel, 'size' | 'weightGrams'>[],
) {
  const sides = parcels.map((p) =>
    [p.size.length, p.size.width, p.size.height].sort((a, b) => b - a),
  );
  return {
    size: {
      length: Math.max(0, ...sides.map((s) => s[0])),
      width: Math.max(0, ...sides.map((s) => s[1])),
      height: sides.reduce((sum, s) => sum + s[2], 0),
    },
    weightGrams: parcels.reduce((sum, p) => sum + p.weightGrams, 0),
  };
}

/** The price of one crossing for a box, and what it comes to against what was paid. */
export type ConsolidationPrice<Band extends FittableBand = FittableBand> =
  | {
      kind: 'priced';
      band: Band;
      /** The band's price today: one crossing. */
      crossingPence: number;
      repackPence: number;
      paidPence: number;
      /** crossing + repacking − paid: below 0 is refunded, above 0 invoiced. */
      differencePence: number;
    }
  | { kind: 'too-big' };

/**
 * The price of shipping the box as one crossing: the smallest band it fits (band-fit.ts's rule,
 * at the catalogue's price today) plus the repacking charge, less what was paid for the
 * bookings' carriage. Extras and discounts are left as they were: they were for the bookings.
 */
export function consolidationPrice<Band extends FittableBand>(
  box: { size: ParcelSize; weightGrams: number },
  paidPence: number,
  repackPence: number,
  bands: readonly Band[],
): ConsolidationPrice<Band> {
  const band = smallestFittingBand(box.size, box.weightGrams, bands);
  if (!band) return { kind: 'too-big' };
  const crossingPence = toPence(band.Price);
  return {
    kind: 'priced',
    band,
    crossingPence,
    repackPence,
    paidPence,
    differencePence: crossingPence + repackPence - paidPence,
  };
}

/** The estimate shown before asking: the combined box of the bookings' sizes, priced. */
export function consolidationEstimate<Band extends FittableBand>(
  parcels: readonly ConsolidatedParcel[],
  repackPence: number,
  bands: readonly Band[],
): ConsolidationPrice<Band> {
  return consolidationPrice(
    combinedParcel(parcels),
    sumPence(parcels.map((p) => p.paidPence)),
    repackPence,
    bands,
  );
}

/** A booking's parcel size for the estimate: its band's box (or the size it declared). */
export function bookedParcel(
  band: FittableBand | null,
  declared: { size: ParcelSize; weightGrams: number } | null,
  paidPence: number,
): ConsolidatedParcel | null {
  if (band) {
    return {
      size: { length: band.Length, width: band.Width, height: band.Height },
      weightGrams: band.MaxWeight,
      paidPence,
    };
  }
  return declared ? { ...declared, paidPence } : null;
}

/**
 * Splits a refund of the difference over the consignment's bookings, in the order given: each
 * gives back at most what it paid for carriage, and never more than is left of what was paid for
 * it (`refundablePence`: a discount took part of its carriage off, earlier refunds gave part
 * back), so a booking paid with a discount code passes the rest on to the next. Null when they
 * cannot give that much.
 */
export function splitRefund(
  amountPence: number,
  bookings: readonly { orderId: number; paidPence: number; refundablePence?: number }[],
): { orderId: number; amountPence: number }[] | null {
  let left = amountPence;
  const parts: { orderId: number; amountPence: number }[] = [];
  for (const b of bookings) {
    const cap = Math.min(b.paidPence, b.refundablePence ?? b.paidPence);
    const take = Math.min(left, Math.max(0, cap));
    if (take > 0) parts.push({ orderId: b.orderId, amountPence: take });
    left -= take;
  }
  return left === 0 ? parts : null;
}

/** Whether a parcel awaited since `since` is late at `now` (the MissingParcelDays setting). */
export function isParcelLate(since: Date, now: Date, missingParcelDays: number): boolean {
  return now.getTime() - since.getTime() >= missingParcelDays * 86_400_000;
}

/** The Consolidation settings (category Consolidation) and their values in a new installation. */
export const CONSOLIDATION_CATEGORY = 'Consolidation';
export const MISSING_PARCEL_DAYS_SETTING = 'MissingParcelDays';
export const DEFAULT_MISSING_PARCEL_DAYS = 7;
/** The catalogue's extra whose price is the repacking charge of a consolidation. */
export const REPACK_EXTRA_CODE = 'consolidation-repack';

export function missingParcelDaysOf(value: unknown): number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 365
    ? (value as number)
    : DEFAULT_MISSING_PARCEL_DAYS;
}

/** What the difference comes to, said to the customer. */
export function differenceText(differencePence: number): string {
  if (differencePence < 0) return `${formatMoney(-differencePence)} back to you`;
  if (differencePence > 0) return `${formatMoney(differencePence)} to pay`;
  return 'Nothing to pay and nothing back';
}
