// The storage clock of a parcel waiting at the depot for its customer (decision 0037; terms 10.2
// and
// 10.3): free for the first days, then a daily charge, and after more days it may be treated as
// abandoned, once a member of staff confirms. The numbers are site settings (category Storage),
// so a change of terms is a settings edit; the FAQ and the terms state the seeded values
// (tests/unit/shared/storage.test.ts holds them to it).

import { formatDisplayDate } from './dates';
import { formatPounds } from './money';

export interface StorageRules {
  /** Days from arrival the parcel is held free. */
  freeDays: number;
  /** The charge for each day after the free days, in pence. */
  chargePerDayPence: number;
  /** Days from arrival after which it may be treated as abandoned. */
  abandonDays: number;
  /** The reminder that charges start is sent this many days before they do. */
  chargeReminderDays: number;
  /** The reminder that it may be treated as abandoned is sent this many days before. */
  abandonReminderDays: number;
}

/** The settings' names (category Storage) and their values in a new installation. */
export const STORAGE_CATEGORY = 'Storage';
export const DEFAULT_STORAGE_RULES: StorageRules = {
  freeDays: 14,
  chargePerDayPence: 50,
  abandonDays: 60,
  chargeReminderDays: 3,
  abandonReminderDays: 7,
};
export const STORAGE_SETTING_NAMES: Record<keyof StorageRules, string> = {
  freeDays: 'FreeDays',
  chargePerDayPence: 'ChargePerDayPence',
  abandonDays: 'AbandonDays',
  chargeReminderDays: 'ChargeReminderDays',
  abandonReminderDays: 'AbandonReminderDays',
};

const wholeDays = (value: unknown, fallback: number, max = 3650) =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max
    ? (value as number)
    : fallback;

/**
 * The rules from the Storage settings (`name → parsed value`); a missing or senseless value is
 * the default's, and abandonment never comes before the charges start.
 */
export function storageRulesOf(values: Record<string, unknown> | undefined): StorageRules {
  const v = values ?? {};
  const rules = Object.fromEntries(
    (Object.keys(DEFAULT_STORAGE_RULES) as (keyof StorageRules)[]).map((key) => [
      key,
      wholeDays(v[STORAGE_SETTING_NAMES[key]], DEFAULT_STORAGE_RULES[key], 1_000_000),
    ]),
  ) as unknown as StorageRules;
  return { ...rules, abandonDays: Math.max(rules.abandonDays, rules.freeDays) };
}

/**
 * Why a parcel at the depot waits for its customer, and so is on the storage clock (decision
 * 0037): it has no booking (`unbooked`, an unknown parcel too), its booking is held for an unpaid
 * invoice or a quote (`invoice`), or it waits in the customer's consolidation request for their
 * other parcels (`consolidation`: the consignment requested or awaiting parcels; once ready, it
 * waits for the depot, not the customer). A parcel held by an open dispute waits for staff to
 * decide, not for its customer: off the clock's reminders and abandonment (decision 0038).
 */
export type StorageWait = 'unbooked' | 'invoice' | 'consolidation';

/** The consignment statuses in which an arrived parcel waits for its customer's other parcels. */
export const CONSIGNMENT_WAITS = ['requested', 'awaiting parcels'] as const;

export function storageWait(parcel: {
  booked: boolean;
  /** The booking's order status (null when unbooked). */
  orderStatus: string | null;
  /** The status of the open consignment its booking is in, if any. */
  consignmentStatus: string | null;
  disputed: boolean;
  gone: boolean;
}): StorageWait | null {
  if (parcel.gone) return null;
  if (!parcel.booked) return 'unbooked';
  if (parcel.disputed) return null;
  if (parcel.orderStatus === 'Awaiting Payment') return 'invoice';
  if (
    (parcel.orderStatus === 'Received at Depot' || parcel.orderStatus === 'Paid') &&
    (CONSIGNMENT_WAITS as readonly string[]).includes(parcel.consignmentStatus ?? '')
  ) {
    return 'consolidation';
  }
  return null;
}

export const STORAGE_PHASES = ['free', 'charging', 'abandonable'] as const;
type StoragePhase = (typeof STORAGE_PHASES)[number];

/** A parcel's clock as the customer's and the staff's screens show it (./api/storage-clock.ts). */
export interface StorageClock {
  /** Whole days since it arrived. */
  Days: number;
  Phase: StoragePhase;
  /** When the daily charge starts, and when it may be treated as abandoned (ISO 8601). */
  ChargesFrom: string;
  AbandonableFrom: string;
  /** Days charged so far, and their charge in pounds. */
  ChargedDays: number;
  Charge: number;
  /** The daily charge, in pounds. */
  ChargePerDay: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/**
 * The clock of a parcel that arrived at `receivedAt`, at `now`: a day is 24 hours from the
 * arrival's time, so a parcel received on the 1st at 10:00 is charged from the 15th at 10:00
 * (14 free days). Charged days stop counting once it may be treated as abandoned.
 */
export function storageClock(receivedAt: Date, now: Date, rules: StorageRules): StorageClock {
  const days = Math.max(0, Math.floor((now.getTime() - receivedAt.getTime()) / DAY_MS));
  const chargedDays = Math.max(0, Math.min(days, rules.abandonDays) - rules.freeDays);
  const phase: StoragePhase =
    days >= rules.abandonDays ? 'abandonable' : days >= rules.freeDays ? 'charging' : 'free';
  return {
    Days: days,
    Phase: phase,
    ChargesFrom: plusDays(receivedAt, rules.freeDays).toISOString(),
    AbandonableFrom: plusDays(receivedAt, rules.abandonDays).toISOString(),
    ChargedDays: chargedDays,
    Charge: (chargedDays * rules.chargePerDayPence) / 100,
    ChargePerDay: rules.chargePerDayPence / 100,
  };
}

/** The reminders a parcel's clock sends, each once: before the charges, before abandonment. */
export type StorageReminder = 'charges-soon' | 'abandon-soon';

/**
 * The reminder due at `now`, if any, given those already sent for the parcel (`sent`): each goes
 * once, from its days before its date. A window the job missed (the server down for days) is
 * caught up once afterwards: the charges' reminder until the abandonment's window opens (then
 * that one says it all), the abandonment's while the parcel still waits for staff to decide.
 */
export function storageReminderDue(
  receivedAt: Date,
  now: Date,
  rules: StorageRules,
  sent: readonly StorageReminder[] = [],
): StorageReminder | null {
  const t = now.getTime();
  const abandonAt = plusDays(receivedAt, rules.abandonDays).getTime();
  const chargeAt = plusDays(receivedAt, rules.freeDays).getTime();
  const abandonWindow = abandonAt - rules.abandonReminderDays * DAY_MS;
  if (t >= abandonWindow) return sent.includes('abandon-soon') ? null : 'abandon-soon';
  if (
    rules.chargePerDayPence > 0 &&
    t >= chargeAt - rules.chargeReminderDays * DAY_MS &&
    !sent.includes('charges-soon')
  )
    return 'charges-soon';
  return null;
}

/** "3 days", "1 day". */
const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/**
 * The clock in one sentence, as the customer's and the staff's screens show it: dates as the site
 * shows them (dd-MM-yyyy), money in pounds.
 */
export function storageClockText(clock: StorageClock): string {
  const date = (iso: string) => formatDisplayDate(new Date(iso));
  const perDay = `${formatPounds(clock.ChargePerDay)} a day`;
  switch (clock.Phase) {
    case 'free':
      return clock.ChargePerDay > 0
        ? `Stored free until ${date(clock.ChargesFrom)}, then ${perDay}.`
        : `Stored free until ${date(clock.AbandonableFrom)}.`;
    case 'charging':
      return `Storage ${perDay} since ${date(clock.ChargesFrom)}: ${formatPounds(clock.Charge)} so far. May be treated as abandoned from ${date(clock.AbandonableFrom)}.`;
    case 'abandonable':
      return `Waiting ${daysText(clock.Days)}: may be treated as abandoned since ${date(clock.AbandonableFrom)}. Storage ${formatPounds(clock.Charge)}.`;
  }
}
