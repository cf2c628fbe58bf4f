import { format, isValid, parse } from 'date-fns';

/** How a date is shown to people (SPEC section 9). */
export const DISPLAY_DATE_FORMAT = 'dd-MM-yyyy';
/** How a date is stored and sent (SPEC section 9). */
export const STORED_DATE_FORMAT = 'yyyy-MM-dd';

/** A calendar day as `dd-MM-yyyy`, e.g. `29-02-2024`. */
export function formatDisplayDate(date: Date): string {
  return format(date, DISPLAY_DATE_FORMAT);
}

/** A calendar day as `yyyy-MM-dd`, e.g. `2024-02-29`. */
export function formatStoredDate(date: Date): string {
  return format(date, STORED_DATE_FORMAT);
}

/**
 * Strict parse: the text must be exactly the pattern and name a real day, so `31-02-2024`,
 * `1-2-2024` and `2024-02-31` are refused. Returns local midnight of that day, or null.
 */
function parseStrict(text: string, pattern: string): Date | null {
  const date = parse(text, pattern, new Date(0));
  return isValid(date) && format(date, pattern) === text ? date : null;
}

/** `dd-MM-yyyy` to a Date, or null when the text is not exactly a real day in that form. */
export function parseDisplayDate(text: string): Date | null {
  return parseStrict(text, DISPLAY_DATE_FORMAT);
}

/** `yyyy-MM-dd` to a Date, or null when the text is not exactly a real day in that form. */
export function parseStoredDate(text: string): Date | null {
  return parseStrict(text, STORED_DATE_FORMAT);
}

/** `yyyy-MM-dd` to `dd-MM-yyyy`, or null when the stored text is not a real day. */
export function storedToDisplayDate(stored: string): string | null {
  const date = parseStoredDate(stored);
  return date && formatDisplayDate(date);
}

/** `dd-MM-yyyy` to `yyyy-MM-dd`, or null when the shown text is not a real day. */
export function displayToStoredDate(shown: string): string | null {
  const date = parseDisplayDate(shown);
  return date && formatStoredDate(date);
}
