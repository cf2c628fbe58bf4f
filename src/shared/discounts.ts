import { formatMoney } from './money';
import type { FieldRules } from './validation/form';
import { required } from './validation/rules';

// Discount codes (decision 0012). A code takes a percentage or a fixed amount off the delivery
// charges of one checkout, within its dates, its limits of uses (overall and per customer) and a
// minimum spend. Amounts in integer pence. The server decides; these rules are its arithmetic and
// words.

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountTerms {
  kind: DiscountKind;
  /** Whole percent, 1 to 100, for a percentage code. */
  percent: number | null;
  /** Pence off, for a fixed-amount code. */
  amountPence: number | null;
  minSpendPence: number;
}

/** A code as it is typed: trimmed, upper case. */
export const normaliseDiscountCode = (code: string) => code.trim().toUpperCase();

/** A code as it is stored and compared: upper-case letters, digits and hyphens, 3 to 32. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

/**
 * A code as a caller may send it (decision 0030): letters of either case, digits and hyphens, 3 to
 * 32, with spaces around it; it is then read as normaliseDiscountCode makes it. The API checks
 * the text as sent against this pattern, and its OpenAPI document shows the same one, so what
 * the document allows is what is accepted (a letter that upper-cases into A-Z, such as "ß", is
 * not a code letter).
 */
export const DISCOUNT_CODE_INPUT_PATTERN = /^ *[A-Za-z0-9-]{3,32} *$/;
export const DISCOUNT_CODE_FORMAT = 'must be 3 to 32 letters, digits or hyphens';

/** The checkout's discount field: a code in the shape the API accepts (which then says if it applies). */
export const DISCOUNT_CODE_RULES: FieldRules<'code'> = {
  code: [
    required,
    (value) =>
      DISCOUNT_CODE_INPUT_PATTERN.test(String(value)) || `A discount code ${DISCOUNT_CODE_FORMAT}.`,
  ],
};

/**
 * The pence a code takes off a subtotal: a percentage rounded half up to the penny, or a fixed
 * amount; never more than the subtotal.
 */
export function discountPence(subtotalPence: number, terms: DiscountTerms): number {
  if (!Number.isSafeInteger(subtotalPence) || subtotalPence < 0) {
    throw new RangeError('The subtotal must be whole pence, zero or more');
  }
  const off =
    terms.kind === 'percent'
      ? Math.floor((subtotalPence * (terms.percent ?? 0) + 50) / 100)
      : (terms.amountPence ?? 0);
  return Math.min(subtotalPence, Math.max(0, off));
}

/** How a code is described to the customer: `10% off` or `£5.00 off`. */
export function describeDiscount(terms: DiscountTerms): string {
  return terms.kind === 'percent'
    ? `${terms.percent}% off`
    : `${formatMoney(terms.amountPence ?? 0)} off`;
}

/**
 * Splits an amount over parts in proportion to their weights, in whole pence that add up to the
 * amount exactly (largest remainder first, ties to the earlier part). Used to share a checkout's
 * discount over its orders, so each order knows what was paid for it.
 */
export function allocatePence(amountPence: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amountPence : 0));
  const exact = weights.map((w) => (amountPence * w) / total);
  const shares = exact.map(Math.floor);
  let left = amountPence - shares.reduce((sum, s) => sum + s, 0);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** Why a code cannot be used, in words a person understands (shown under the code field). */
export const DISCOUNT_MESSAGES = {
  unknown: 'This discount code is not known. Please check it and try again.',
  disabled: 'This discount code is no longer available.',
  notYetValid: (from: string) => `This discount code can be used from ${from}.`,
  expired: (to: string) => `This discount code expired on ${to}.`,
  usedUp: 'This discount code has been used up.',
  usedByYou: 'You have already used this discount code.',
  minimumSpend: (pence: number) =>
    `This discount code needs a minimum spend of ${formatMoney(pence)}.`,
} as const;
