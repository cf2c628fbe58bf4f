import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Text the database and the mail queue can keep as given: no NUL or other control characters
 * (tab and line breaks are fine) and no lone UTF-16 surrogate. PostgreSQL refuses a NUL in text
 * and a lone surrogate in JSON, so such input used to fail half-way through a use case with a 500.
 */
export function isCleanText(value: string): boolean {
  return !UNCLEAN.test(value);
}

const UNCLEAN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The string schema every text field of every API body starts from: a wrong JSON type reads as
 * missing (MESSAGES.required), and unclean text is refused with MESSAGES.cleanText on that field
 * before any other rule runs. Chain `.trim()`, `.nullish()`, `withRules(...)` as usual.
 */
export const cleanString = () =>
  z.string({ error: MESSAGES.required }).refine(isCleanText, {
    message: MESSAGES.cleanText,
    abort: true,
  });
