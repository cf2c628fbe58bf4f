import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Text the database, the mail queue and an e-mail's lines can keep as given: no NUL or other
 * control character (C0, DEL and C1) and no lone UTF-16 surrogate. PostgreSQL refuses a NUL in
 * text and a lone surrogate in JSON, so such input used to fail half-way through a use case with
 * a 500. A one-line field (a name, a company, an address line, a retailer, a reference) refuses
 * line breaks, tabs and the Unicode line and paragraph separators too, so no value can start a
 * line of its own in an e-mail (`Eve\r\nBcc: ...`); a multi-line field (a note, a message, a
 * description) keeps CR and LF and refuses the rest.
 */
export function isCleanText(value: string, { lines = false }: { lines?: boolean } = {}): boolean {
  return !(lines ? UNCLEAN_LINES : UNCLEAN_LINE).test(value);
}

const LONE_SURROGATE = '[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]';
const UNCLEAN_LINE = new RegExp(`[\u0000-\u001F\u007F-\u009F\u2028\u2029]|${LONE_SURROGATE}`);
const UNCLEAN_LINES = new RegExp(
  `[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]|${LONE_SURROGATE}`,
);

/**
 * The string schema every text field of every API body starts from: a wrong JSON type reads as
 * missing (MESSAGES.required), and unclean text (see isCleanText: one line unless `lines`) is
 * refused with MESSAGES.cleanText on that field before any other rule runs. Chain `.trim()`,
 * `.nullish()`, `withRules(...)` as usual; api/fields.ts builds the usual fields from it.
 */
export const cleanString = ({ lines = false }: { lines?: boolean } = {}) =>
  z.string({ error: MESSAGES.required }).refine((value) => isCleanText(value, { lines }), {
    message: MESSAGES.cleanText,
    abort: true,
  });
