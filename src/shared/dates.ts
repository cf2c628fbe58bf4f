// Dates as docs/requirements.md §9 writes them: shown dd-MM-yyyy, stored and sent yyyy-MM-dd. Two
// fixed numeric forms, so no date library: every screen that validates a form loads this file.

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The days' English names; the week starts on Monday (en-GB). */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** A calendar day as `dd-MM-yyyy`, e.g. `29-02-2024`. */
export function formatDisplayDate(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${pad(date.getFullYear(), 4)}`;
}

/** A calendar day as `yyyy-MM-dd`, e.g. `2024-02-29`. */
export function formatStoredDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of that day, or null when there is no such day (31 February). */
function localDay(year: number, month: number, day: number): Date | null {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day); // setFullYear keeps years 0 to 99 as they are
  date.setHours(0, 0, 0, 0);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

/**
 * `dd-MM-yyyy` to a Date at local midnight, or null when the text is not exactly a real day in
 * that form (`31-02-2024`, `1-2-2024` and `01-02-24` are refused).
 */
export function parseDisplayDate(text: string): Date | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return match ? localDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** `yyyy-MM-dd` to a Date at local midnight, or null when the text is not exactly a real day. */
export function parseStoredDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? localDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
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
