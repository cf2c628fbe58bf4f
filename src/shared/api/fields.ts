import { cleanString } from '../validation/clean-text';
import { MESSAGES } from '../validation/messages';

/**
 * The text fields of the API's contracts, built one way (decision 0030): trimmed, at most `max`
 * characters (MESSAGES.maxLength, as the browser's forms say it), and clean (validation/
 * clean-text.ts). `text` is one line: a name, a company, an address line, a retailer, a
 * reference, a search; it refuses every control character, CR and LF included. `multilineText` is a
 * note, a message, a reason or a description: it keeps line breaks and refuses the rest.
 */
export const text = (max: number) => cleanString().trim().max(max, MESSAGES.maxLength(max));

export const multilineText = (max: number) =>
  cleanString({ lines: true }).trim().max(max, MESSAGES.maxLength(max));
