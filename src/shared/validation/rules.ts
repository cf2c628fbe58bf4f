import { formatStoredDate, parseStoredDate } from '../dates';
import { validateField, type Rule } from './form';
import { MESSAGES } from './messages';

/**
 * The validation rules (a `Rule`, ./form.ts, answers `true` or the message to show).
 *
 * Format rules (email, length, postcode, ...) accept an empty value: whether a field may be empty
 * is the business of `required` and its relatives, listed first in a field's rules.
 */
export type { Rule };

/** Empty: undefined, null, a blank string or an empty array. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The value as text (trimmed), for the format rules; numbers are written out. */
function asText(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const WHOLE = /^[+-]?\d+$/;

/** A finite number, or a string written as a plain decimal number; otherwise null. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : null;
}

/** An integer, or a string written as one; otherwise null. */
function asInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  return typeof value === 'string' && WHOLE.test(value.trim()) ? Number(value) : null;
}

/** Builds a format rule that lets empty values through. */
function format(test: (text: string) => boolean, message: string): Rule {
  return (value) => isEmpty(value) || test(asText(value)) || message;
}

/** Characters counted as people count them (an emoji is one), as PostgreSQL counts them. */
function length(text: string): number {
  return [...text].length;
}

// --- presence ------------------------------------------------------------------------------

/** Something was entered or chosen: not empty, not `false`, not NaN. Zero counts as present. */
export const required: Rule = (value) =>
  (!isEmpty(value) && value !== false && !Number.isNaN(value)) || MESSAGES.required;

/** A switch or checkbox that must be on (e.g. the terms and conditions). */
export const requiredBoolean: Rule = (value) => value === true || MESSAGES.required;

/** A number must be given; zero is allowed. Numeric strings count, other text does not. */
export const requiredNumber: Rule = (value) => asNumber(value) !== null || MESSAGES.required;

/** The value must be one of the lookup's options; an empty value is not one of them. */
export function lookupRequired(options: readonly unknown[]): Rule {
  return (value) => options.includes(value) || MESSAGES.lookup;
}

/** Makes rules optional: an empty value passes, anything else must pass every rule. */
export function optional(...rules: readonly Rule[]): Rule {
  return (value) => isEmpty(value) || validateField(value, rules) || true;
}

// --- text formats --------------------------------------------------------------------------

/**
 * zod's practical e-mail pattern (its `regexes.email`), written here so that the form rules bring
 * no zod into the code a page draws its first forms with (the Login dialog, decision 0029).
 */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An e-mail address; empty is valid. */
export const email = format((text) => EMAIL.test(text), MESSAGES.email);

const STRONG_PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%&*()]).{8,}$/;

/** A digit, a lower-case and an upper-case letter, one of `! @ # $ % & * ( )`, 8 or more. */
export const strongPassword: Rule = (value) =>
  isEmpty(value) || (typeof value === 'string' && STRONG_PASSWORD.test(value))
    ? true
    : MESSAGES.strongPassword;

// notCommonPassword is in common-passwords.ts, with its list (5 KB gzipped): only the forms
// that set a password load it, not every screen with a rule.

/** The confirmation must equal the password it confirms. */
export function confirmPassword(password: unknown): Rule {
  return (value) => value === password || MESSAGES.confirmPassword;
}

/** Letters only (any alphabet, so accented names pass). */
export const alpha = format((text) => /^\p{L}+$/u.test(text), MESSAGES.alpha);

/** Letters, digits, underscores and hyphens. */
export const alphaDash = format((text) => /^[\p{L}0-9_-]+$/u.test(text), MESSAGES.alphaDash);

/**
 * A web address: http or https, or a bare address such as `www.next.co.uk/basket` read as https.
 * The host must have a dot, so `localhost` and single words are refused.
 */
export const url = format((text) => {
  if (/\s/.test(text)) return false;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const parsed = new URL(candidate);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      /^[^.]+(\.[^.]+)+$/.test(parsed.hostname)
    );
  } catch {
    return false;
  }
}, MESSAGES.url);

// Outward code (A9, A99, AA9, AA99, A9A, AA9A, with the letters Royal Mail allows in each place),
// optional spaces, then the inward code (9AA). Channel Islands postcodes (JE, GY) follow it too.
const POSTCODE =
  /^(GIR\s*0AA|([A-PR-UWYZ]([0-9][0-9]?|[A-HK-Y][0-9][0-9]?|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRV-Y]))\s*[0-9][ABD-HJLNP-UW-Z]{2})$/i;

/** A UK-style postcode such as `JE2 3AB`, `GY1 1AA` or `SW1A 1AA`, any case, space optional. */
export const postcode = format((text) => POSTCODE.test(text), MESSAGES.postcode);

/** A telephone number: digits with optional leading +, spaces, dots, hyphens and brackets; 7 to 15 digits. */
export const telephone = format(
  (text) => /^\+?[\d\s().-]+$/.test(text) && /^(\D*\d){7,15}\D*$/.test(text),
  MESSAGES.telephone,
);

/** Matches the given pattern (flags g and y are dropped so the rule holds no state). */
export function regexMatch(pattern: RegExp): Rule {
  const stateless = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return format((text) => stateless.test(text), MESSAGES.regex);
}

export function minLength(n: number): Rule {
  return format((text) => length(text) >= n, MESSAGES.minLength(n));
}

export function maxLength(n: number): Rule {
  return format((text) => length(text) <= n, MESSAGES.maxLength(n));
}

export function exactLength(n: number): Rule {
  return format((text) => length(text) === n, MESSAGES.exactLength(n));
}

/** The user typed the word DELETE (surrounding spaces ignored, capitals required). */
export const deleteConfirmation: Rule = (value) =>
  (typeof value === 'string' && value.trim() === 'DELETE') || MESSAGES.deleteConfirmation;

/**
 * A real day as `yyyy-MM-dd`, before today. `today` is injectable for tests; by default the
 * clock is read at each check.
 */
export function pastDate(today: () => Date = () => new Date()): Rule {
  return (value) => {
    if (isEmpty(value)) return true;
    const text = asText(value);
    if (parseStoredDate(text) === null) return MESSAGES.date;
    // yyyy-MM-dd strings sort in date order.
    return text < formatStoredDate(today()) || MESSAGES.pastDate;
  };
}

// --- numbers -------------------------------------------------------------------------------

/** A number from min to max inclusive. */
export function between(min: number, max: number): Rule {
  const message = MESSAGES.between(min, max);
  return (value) => {
    if (isEmpty(value)) return true;
    const number = asNumber(value);
    return (number !== null && number >= min && number <= max) || message;
  };
}

/** A whole number, negative allowed. */
export const integer: Rule = (value) =>
  isEmpty(value) || asInteger(value) !== null || MESSAGES.integer;

/** A whole number of 1 or more, digits only. */
export const positiveWholeNumber = format(
  (text) => /^\d+$/.test(text) && Number(text) >= 1,
  MESSAGES.positiveWholeNumber,
);

/** An amount above zero (the declared value of the goods). */
export const greaterThanZero: Rule = (value) => {
  if (isEmpty(value)) return true;
  const number = asNumber(value);
  return (number !== null && number > 0) || MESSAGES.greaterThanZero;
};

/**
 * A whole number from min to max inclusive, with its three messages: not a whole number (empty
 * included), below min, above max.
 */
export function integerRange(min: number, max: number): Rule {
  return (value) => {
    const number = asInteger(value);
    if (number === null) return MESSAGES.requiresNumber;
    if (number < min) return MESSAGES.atLeast(min);
    return number <= max || MESSAGES.lessThan(max);
  };
}
