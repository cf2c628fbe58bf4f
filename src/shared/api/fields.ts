import { z } from 'zod';
import {
  DISCOUNT_CODE_FORMAT,
  DISCOUNT_CODE_INPUT_PATTERN,
  normaliseDiscountCode,
} from '../discounts';
import { cleanString } from '../validation/clean-text';
import { MESSAGES } from '../validation/messages';

/**
 * The text fields of the API's contracts, built one way (decision 0030): trimmed, at most `max`
 * characters (MESSAGES.maxLength, as the browser's forms say it), and clean (validation/
 * clean-text.ts). `text` is one line: a name, a company, an address line, a retailer, a
 * reference, a search; it refuses every control character, CR and LF included. `multilineText` is a
 * note, a message, a reason or a description: it keeps line breaks and refuses the rest.
 */
export const text = (max: number) => ruledText().max(max, MESSAGES.maxLength(max));

/**
 * One line of text, trimmed and clean like `text`, whose length and other checks are its form's
 * rules (withRules in validation/zod-rules.ts: the account and staff forms).
 */
export const ruledText = () => cleanString().trim();

export const multilineText = (max: number) =>
  cleanString({ lines: true }).trim().max(max, MESSAGES.maxLength(max));

/** The largest id a table holds (PostgreSQL's `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * A record's id as a caller names it: a whole number from 1 that a table can hold; `inPath` reads
 * it from a path's text.
 */
export const recordId = ({ inPath = false } = {}) =>
  (inPath ? z.coerce.number : z.number)({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_ID, 'is not an id');

/**
 * A discount code as callers send it, in a body or a path (src/shared/discounts.ts): blank is
 * MESSAGES.required, otherwise the text as sent must fit DISCOUNT_CODE_INPUT_PATTERN (the
 * pattern the OpenAPI document shows); it is read trimmed and upper case, as codes are stored.
 */
export const discountCode = () =>
  z
    .string({ error: MESSAGES.required })
    .refine((code) => code.trim() !== '', { message: MESSAGES.required, abort: true })
    .regex(DISCOUNT_CODE_INPUT_PATTERN, DISCOUNT_CODE_FORMAT)
    .transform(normaliseDiscountCode);
