import { isEmpty, type Rule } from './validation/rules';

// The limits and the money format of the goods a booking declares, shared by the booking's own
// fields (booking-steps.ts) and its item lines (item-lines.ts).

/** Highest declared value and number of items a booking takes. */
export const MAX_ITEM_VALUE = 100_000;
export const MAX_ITEM_COUNT = 999;

export const POUNDS_AND_PENCE_MESSAGE = 'Enter an amount in pounds and pence, e.g. 24.99';
/** An amount with at most two decimals (pounds and pence); empty passes. */
export const poundsAndPence: Rule = (value) =>
  isEmpty(value) ||
  ((typeof value === 'number' || typeof value === 'string') &&
    /^\d+(\.\d{1,2})?$/.test(String(value).trim())) ||
  POUNDS_AND_PENCE_MESSAGE;

/**
 * Whether a declared value can be added up in pence: a finite amount within the field's limits.
 * A refinement that adds values up runs even when a field has failed its rules, and a value past
 * these (1e15, 1e308) has no exact number of pence: it is the field's own 400, never a sum.
 */
export const isDeclarableValue = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= MAX_ITEM_VALUE;
