// The customs paperwork of a parcel leaving for the islands (docs/decisions/0040): which
// declaration travels with it (CN22 up to a limit, CN23 above), when it may not leave (its item
// lines missing or not adding up to its declared value), the carrier's electronic data file (one
// row per item, keyed by the carrier's consignment number), and the date by which the goods must
// leave for the retailer to zero-rate the sale (HMRC Notice 703, paras 2.13 and 11.5: proof of
// export within 3 months of the time of supply). The numbers are site settings (category
// Customs), read by customsRulesOf; the defaults are a new installation's.

import { countryName } from './countries';
import { formatDisplayDate, parseStoredDate } from './dates';
import {
  itemLinesMismatch,
  itemLinesQuantity,
  itemLinesTotalPence,
  lineTotalPence,
  type ItemLine,
} from './item-lines-value';
import { withoutInvisible } from './invisible-text';
import { toPence } from './money';

export interface CustomsRules {
  /** A parcel worth this much or less travels with a CN22; more, with a CN23 (pence). */
  cn22LimitPence: number;
  /** Months from the retailer's order date by which the goods must leave the UK. */
  evidenceMonths: number;
  /** The customer is warned this many days before that date while the parcel still waits. */
  evidenceWarningDays: number;
}

export const CUSTOMS_CATEGORY = 'Customs';
export const DEFAULT_CUSTOMS_RULES: CustomsRules = {
  cn22LimitPence: 27_000,
  evidenceMonths: 3,
  evidenceWarningDays: 14,
};
export const CUSTOMS_SETTING_NAMES: Record<keyof CustomsRules, string> = {
  cn22LimitPence: 'Cn22LimitPence',
  evidenceMonths: 'EvidenceMonths',
  evidenceWarningDays: 'EvidenceWarningDays',
};

/**
 * The values each rule may take, whole numbers from min to max: what the office's Customs settings
 * accept (src/shared/api/settings-admin.ts) and what a stored value must be to count.
 */
export const CUSTOMS_LIMITS: Record<keyof CustomsRules, { min: number; max: number }> = {
  cn22LimitPence: { min: 1, max: 100_000_000 },
  evidenceMonths: { min: 1, max: 120 },
  evidenceWarningDays: { min: 0, max: 365 },
};

const wholeNumber = (value: unknown, key: keyof CustomsRules) =>
  Number.isSafeInteger(value) &&
  (value as number) >= CUSTOMS_LIMITS[key].min &&
  (value as number) <= CUSTOMS_LIMITS[key].max
    ? (value as number)
    : DEFAULT_CUSTOMS_RULES[key];

/** The rules from the Customs settings (`name → parsed value`); a senseless value is the default's. */
export function customsRulesOf(values: Record<string, unknown> | undefined): CustomsRules {
  const v = values ?? {};
  const n = CUSTOMS_SETTING_NAMES;
  return {
    cn22LimitPence: wholeNumber(v[n.cn22LimitPence], 'cn22LimitPence'),
    evidenceMonths: wholeNumber(v[n.evidenceMonths], 'evidenceMonths'),
    evidenceWarningDays: wholeNumber(v[n.evidenceWarningDays], 'evidenceWarningDays'),
  };
}

// --- the declaration ---------------------------------------------------------------------------

export const CUSTOMS_FORMS = ['CN22', 'CN23'] as const;
export type CustomsForm = (typeof CUSTOMS_FORMS)[number];

/** CN22 up to and including the limit, CN23 above it (Jersey Post, Guernsey Post: £270). */
export const customsFormFor = (valuePence: number, rules: CustomsRules): CustomsForm =>
  valuePence <= rules.cn22LimitPence ? 'CN22' : 'CN23';

export const CUSTOMS_MESSAGES = {
  noItemLines: (reference: string) =>
    `${reference} cannot be dispatched: it has no item lines. Add them at receipt from the retailer’s invoice: the customs declaration and the carrier’s data list every item.`,
  mismatch: (reference: string, why: string) =>
    `${reference} cannot be dispatched: ${why}. Correct them at receipt from the retailer’s invoice.`,
  notAtDepot: 'This parcel has no booking: it has no customs declaration.',
  noSailing: 'No parcels left on that sailing.',
} as const;

/**
 * Why the parcel may not leave yet as its customs paperwork stands, or null when it may: it must
 * have item lines, and they must add up to its declared value (src/shared/item-lines.ts).
 */
export function customsProblem(
  reference: string,
  lines: readonly Pick<ItemLine, 'Quantity' | 'ValueEach'>[],
  declaredPence: number,
): string | null {
  if (lines.length === 0) return CUSTOMS_MESSAGES.noItemLines(reference);
  const mismatch = itemLinesMismatch(lines, declaredPence);
  return mismatch ? CUSTOMS_MESSAGES.mismatch(reference, mismatch) : null;
}

/**
 * Each line's share of the parcel's weight, in grams, in proportion to its value (the depot
 * weighs the parcel, not each item): the shares add up to the parcel's weight exactly, the
 * remainder going to the first lines.
 */
export function lineWeightsGrams(
  lines: readonly Pick<ItemLine, 'Quantity' | 'ValueEach'>[],
  parcelGrams: number,
): number[] {
  const total = itemLinesTotalPence(lines);
  if (lines.length === 0) return [];
  if (total === 0) return lines.map((_, i) => (i === 0 ? parcelGrams : 0));
  const exact = lines.map((line) => (lineTotalPence(line) * parcelGrams) / total);
  const shares = exact.map(Math.floor);
  let left = parcelGrams - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length, left--) shares[i]++;
  return shares;
}

// --- the carrier's electronic data ---------------------------------------------------------------

/** One parcel (one order) as the data file lists it; several may share a consignment number. */
export interface ConsignedParcel {
  /** The carrier's consignment (tracking) number. */
  consignment: string;
  orderReference: string;
  sender: { name: string; address: readonly string[] };
  consignee: { name: string; address: readonly string[] };
  weightGrams: number;
  lines: readonly ItemLine[];
}

export const CUSTOMS_DATA_COLUMNS = [
  'Consignment',
  'Order',
  'Sender',
  'Sender address',
  'Consignee',
  'Consignee address',
  'Description',
  'Quantity',
  'Value each GBP',
  'Value GBP',
  'Currency',
  'Weight kg',
  'Origin',
  'Commodity code',
] as const;

/**
 * A cell as CSV writes it (RFC 4180: quoted when it holds a comma, quote or line break). Text a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) is kept as text with a leading
 * apostrophe (OWASP's CSV injection advice): a customer's description is data, never a formula.
 */
function csvCell(value: string | number, { text = true } = {}): string {
  // What prints as nothing never reaches the carrier's system (decision 0046).
  let cell = withoutInvisible(String(value)).replace(/\r\n?|\n/g, ' ');
  if (text && /^[=+\-@\t]/.test(cell)) cell = `'${cell}`;
  return /[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
const kilograms = (grams: number) => (grams / 1000).toFixed(3);

/**
 * The carrier's electronic customs data for a sailing: a header, then one row per item line of
 * every parcel, consignment by consignment (a consignment holding several orders lists all their
 * items), each line's weight its share of its parcel's. CRLF line ends, UTF-8.
 */
export function customsDataCsv(parcels: readonly ConsignedParcel[]): string {
  const rows: string[] = [CUSTOMS_DATA_COLUMNS.map((c) => csvCell(c)).join(',')];
  const sorted = [...parcels].sort(
    (a, b) =>
      a.consignment.localeCompare(b.consignment) ||
      a.orderReference.localeCompare(b.orderReference),
  );
  for (const parcel of sorted) {
    const weights = lineWeightsGrams(parcel.lines, parcel.weightGrams);
    parcel.lines.forEach((line, i) => {
      rows.push(
        [
          csvCell(parcel.consignment),
          csvCell(parcel.orderReference),
          csvCell(parcel.sender.name),
          csvCell(parcel.sender.address.join(', ')),
          csvCell(parcel.consignee.name),
          csvCell(parcel.consignee.address.join(', ')),
          csvCell(line.Description),
          csvCell(line.Quantity, { text: false }),
          csvCell(pounds(toPence(line.ValueEach)), { text: false }),
          csvCell(pounds(lineTotalPence(line)), { text: false }),
          'GBP',
          csvCell(kilograms(weights[i]), { text: false }),
          csvCell(line.Origin),
          csvCell(line.CommodityCode),
        ].join(','),
      );
    });
  }
  return rows.join('\r\n') + '\r\n';
}

/** The file name of a sailing's data: `customs-data-2026-11-25-jersey-post.csv`. */
export const customsDataFileName = (sailingDate: string, carrier: string) =>
  `customs-data-${sailingDate}-${carrier}.csv`;

/** A declaration's file name: `CN23-ORD-000042.pdf`. */
export const customsFormFileName = (form: CustomsForm, orderReference: string) =>
  `${form}-${orderReference}.pdf`;

/** What the lines come to, for a form's totals. */
export const declarationTotals = (lines: readonly ItemLine[]) => ({
  quantity: itemLinesQuantity(lines),
  valuePence: itemLinesTotalPence(lines),
});

/** "United Kingdom (GB)". */
export const originText = (code: string) => `${countryName(code) ?? code} (${code})`;

// --- evidence in time ----------------------------------------------------------------------------

/**
 * The last day (yyyy-MM-dd) the goods may leave the UK for the retailer to zero-rate the sale:
 * the retailer's order date plus the months, on the same day of the month or the month's last
 * day when it has no such day (30 November + 3 months is 28 or 29 February). Null without a
 * valid order date.
 */
export function evidenceDeadline(orderDate: string | null | undefined, months: number) {
  const day = orderDate ? parseStoredDate(orderDate) : null;
  if (!day) return null;
  const y = day.getFullYear();
  const m = day.getMonth() + months;
  const last = new Date(y, m + 1, 0).getDate();
  const target = new Date(y, m, Math.min(day.getDate(), last));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${target.getFullYear()}-${pad(target.getMonth() + 1)}-${pad(target.getDate())}`;
}

/** The calendar day in the UK (yyyy-MM-dd) of an instant. */
export function ukDay(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from one yyyy-MM-dd to another (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  const ms = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  const base = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  return Math.round((ms - base) / 86_400_000);
}

/**
 * Whether the customer's warning is due at `now` (the UK's day): from `warningDays` before the
 * deadline up to and including the deadline itself.
 */
export function evidenceWarningDue(deadline: string, now: Date, rules: CustomsRules): boolean {
  const left = daysBetween(ukDay(now), deadline);
  return left >= 0 && left <= rules.evidenceWarningDays;
}

/**
 * Whether a screen marks the deadline as close: within the warning days, or already past (the
 * customer's order page and the depot's lists alike; the e-mail is `evidenceWarningDue`).
 */
export const leaveBySoon = (deadline: string | null, now: Date, rules: CustomsRules) =>
  deadline !== null && daysBetween(ukDay(now), deadline) <= rules.evidenceWarningDays;

/** The deadline in words for a screen: "Must leave the UK by 25-02-2027". */
export const leaveByText = (deadline: string) => {
  const day = parseStoredDate(deadline);
  return `Must leave the UK by ${day ? formatDisplayDate(day) : deadline}`;
};
