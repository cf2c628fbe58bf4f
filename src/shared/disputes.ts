import { formatDisplayDate } from './dates';
import { formatMoney } from './money';
import { wordsBetween } from './validation/own-words';

// Disputing a re-measure (decision 0038): an excess-carriage invoice (src/shared/excess.ts, raised
// when the depot's measure finds a parcel bigger than booked) may be disputed by its customer, with
// a message, within `Invoices/DisputeDays` days of the invoice (a setting; the FAQ and the terms
// state the seeded value). The dispute is a case (kind `dispute`) beside the order, with the
// case's own statuses (Open, Answered, Resolved); while it is not Resolved the invoice sends no
// reminders and the parcel is held at the depot. Staff may re-measure (new photos), then decide
// once: uphold, reduce or cancel the invoice. A reduced or cancelled invoice already paid is
// refunded the difference (or all of it) once, through the provider.

/** What a case is about: missing items from a delivered parcel, or a disputed invoice. */
export const CASE_KINDS = ['missing-items', 'dispute'] as const;

/** What an invoice is for: excess carriage (the depot's measure) may be disputed. */
export const INVOICE_KINDS = ['other', 'excess'] as const;
type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The staff's decision on a dispute, made once. */
export const DISPUTE_OUTCOMES = ['upheld', 'reduced', 'cancelled'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
/** The decision as staff ask for it. */
export const DISPUTE_DECISIONS = ['uphold', 'reduce', 'cancel'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
export const OUTCOME_OF: Record<DisputeDecision, DisputeOutcome> = {
  uphold: 'upheld',
  reduce: 'reduced',
  cancel: 'cancelled',
};

/** The setting (category, name) and its value in a new installation. */
export const DISPUTE_SETTING = { category: 'Invoices', name: 'DisputeDays' } as const;
export const DEFAULT_DISPUTE_DAYS = 14;

/** The setting's value as days: a missing or senseless value is the default's. */
export function disputeDaysOf(value: unknown): number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 365
    ? (value as number)
    : DEFAULT_DISPUTE_DAYS;
}

/**
 * The days staff have to decide a dispute from its opening (a setting, seeded 5). A dispute not
 * decided by then is overdue: flagged to the office (Today, the cases list) and the customer is
 * told once, with an apology; it is never decided by itself (decision 0038).
 */
export const DISPUTE_DECIDE_SETTING = { category: 'Invoices', name: 'DisputeDecideDays' } as const;
export const DEFAULT_DISPUTE_DECIDE_DAYS = 5;

/** The setting's value as days: a missing or senseless value is the default's. */
export function disputeDecideDaysOf(value: unknown): number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 90
    ? (value as number)
    : DEFAULT_DISPUTE_DECIDE_DAYS;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** By when staff should decide a dispute opened at `opened`. */
export const disputeDecideBy = (opened: Date, days: number) =>
  new Date(opened.getTime() + days * DAY_MS);

/** The last moment an invoice raised at `raised` may be disputed: `days` days of 24 hours. */
export const disputeUntil = (raised: Date, days: number) =>
  new Date(raised.getTime() + days * DAY_MS);

/** The invoice's facts the rule reads. */
export interface DisputableInvoice {
  kind: InvoiceKind;
  status: 'unpaid' | 'paid' | 'void';
  createdAt: Date;
}

/**
 * Whether the customer may dispute the invoice now, or why not: only excess carriage, not
 * cancelled, once (`disputed`: a case was opened for it already), within the window (the last
 * moment included).
 */
export function disputeRefusal(
  invoice: DisputableInvoice,
  disputed: boolean,
  now: Date,
  days: number,
): string | null {
  if (invoice.kind !== 'excess') return DISPUTE_MESSAGES.notExcess;
  if (disputed) return DISPUTE_MESSAGES.already;
  if (invoice.status === 'void') return DISPUTE_MESSAGES.cancelled;
  const until = disputeUntil(invoice.createdAt, days);
  if (now.getTime() > until.getTime()) return DISPUTE_MESSAGES.tooLate(days, until);
  return null;
}

/** A reduced invoice's new amount: more than nothing, less than it was (the Amount's message). */
export const reduceRefusal = (newPence: number | undefined, currentPence: number) =>
  newPence === undefined || newPence <= 0 || newPence >= currentPence
    ? DISPUTE_MESSAGES.reduceAmount(currentPence)
    : null;

export const DISPUTE_MESSAGE_MAX = 2000;

/** Why the customer disputes an invoice: the dispute form's rules and its contract's (api/cases.ts). */
export const DISPUTE_MESSAGE_RULES = [wordsBetween(10, DISPUTE_MESSAGE_MAX)];

export const DISPUTE_MESSAGES = {
  noSuchInvoice: 'This invoice was not found.',
  notExcess: 'Only an invoice for excess carriage (the depot’s measure) can be disputed.',
  already: 'This invoice has been disputed already: see its case.',
  cancelled: 'This invoice is cancelled: there is nothing to dispute.',
  tooLate: (days: number, until: Date) =>
    `An invoice can be disputed within ${days} days: this one could be until ${formatDisplayDate(until)}.`,
  notAtDepot: (status: string) =>
    `This order is ${status}: a re-measure can be disputed while the parcel is at our depot.`,
  opened: (reference: string) =>
    `Thank you. We have opened case ${reference}, will hold your parcel and not ask for payment while we look at it, and will reply by email.`,
  notDispute: 'This case is not a dispute of an invoice.',
  decided: 'This dispute has been decided already.',
  decideNotResolve: 'A dispute is decided (uphold, reduce or cancel the invoice), not resolved.',
  reduceAmount: (currentPence: number) =>
    `must be more than £0.00 and less than the invoice's ${formatMoney(currentPence)}`,
  amountOnlyToReduce: 'is only given to reduce the invoice',
  disputedNoReminder: (reference: string) =>
    `${reference} is disputed: no reminder is sent until the dispute is decided.`,
  overdue: (decideBy: Date) =>
    `We are sorry: we meant to decide your dispute by ${formatDisplayDate(decideBy)} and have not yet. It has been passed to the office manager. Your parcel stays safe at our depot and nothing on this invoice is asked of you until we decide.`,
  heldForDispute: (references: string) =>
    `Nothing was dispatched: ${references} held while an invoice is disputed.`,
} as const;

/** The staff's decision as the customer's e-mail and page put it. */
export function outcomeText(outcome: DisputeOutcome, amountPence: number, refundedPence: number) {
  const refund =
    refundedPence > 0
      ? ` ${formatMoney(refundedPence)} of what you paid is refunded to the card you paid with.`
      : '';
  switch (outcome) {
    case 'upheld':
      return `We checked the measure and the invoice stands at ${formatMoney(amountPence)}.`;
    case 'reduced':
      return `We reduced the invoice to ${formatMoney(amountPence)}.${refund}`;
    case 'cancelled':
      return `We cancelled the invoice.${refund}`;
  }
}
