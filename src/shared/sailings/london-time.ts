// Days and wall-clock times in Europe/London, the time of the depot and of the islands (Jersey and
// Guernsey keep the UK's clock). The timetable is written in wall-clock times ("cut-off 4pm"), a
// parcel's moments are instants; this file turns one into the other through Intl, so the clock
// changes of March and October are the platform's tz data, never a fixed offset
// (docs/decisions/0048).
//
// A day is a whole number (days since 1970-01-01, a calendar day, not an instant) so that the
// rule adds and compares days without allocating; `dayKey` writes it `yyyy-MM-dd`.

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** `HH:mm`, 24-hour, as the timetable stores a time of day. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `yyyy-MM-dd`, as the timetable stores a day. */
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** `07:30` as 450 minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** 450 as `07:30`. */
export function timeOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `2026-12-08` as its day number, or NaN when it is not a real day. */
export function dayOf(key: string): number {
  if (!DAY_KEY.test(key)) return NaN;
  const [y, m, d] = key.split('-').map(Number);
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
    ? ms / MS_PER_DAY
    : NaN;
}

/** A day number as `yyyy-MM-dd`. */
export function dayKey(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The day of the week of a day number, ISO style: Monday 1 to Sunday 7. */
export function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The year, month (1 to 12) and day of the month of a day number. */
export function partsOf(day: number): { year: number; month: number; date: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** A wall-clock moment in London: its day number and minutes after midnight. */
export interface LondonTime {
  day: number;
  minutes: number;
}

/**
 * What London's clocks showed in the minutes already asked about (ms since the epoch / 60,000):
 * what a minute shows never changes, and a timetable asks about the same few hundred minutes (the
 * sailings' cut-offs, departures and landings) on every page that shows a promise, where asking
 * Intl each time was two fifths of the tracking page's CPU (docs/decisions/0053). Emptied when
 * it grows past MINUTES_KEPT, so it stays a few megabytes at most.
 */
const shownAt = new Map<number, LondonTime>();
const MINUTES_KEPT = 20_000;

/** What London's clocks show at an instant (ms since the epoch), to the minute. */
export function londonTimeOf(instant: number): LondonTime {
  // London's offset from UTC has been whole hours since 1847: the instants of one UTC minute
  // show one minute.
  const minute = Math.floor(instant / MS_PER_MINUTE);
  const known = shownAt.get(minute);
  if (known) return { day: known.day, minutes: known.minutes };
  const parts: Record<string, number> = {};
  for (const p of LONDON.formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const shown = {
    day: Date.UTC(parts.year, parts.month - 1, parts.day) / MS_PER_DAY,
    minutes: parts.hour * 60 + parts.minute,
  };
  if (shownAt.size >= MINUTES_KEPT) shownAt.clear();
  shownAt.set(minute, shown);
  return { day: shown.day, minutes: shown.minutes };
}

/**
 * The instant London's clocks show `minutes` on `day`. London is an hour ahead of UTC or not at
 * all, so the instant is one of two; when both show it (the hour repeated when the clocks go
 * back, late October) it is the first, so a cut-off of 1:30am that night is the earlier 1:30;
 * when neither does (the hour skipped when they go forward, late March) it is the moment the
 * same time would have been in winter, an hour later by the clock: Temporal's `compatible`.
 */
export function londonInstant(day: number, minutes: number): number {
  const asUtc = day * MS_PER_DAY + minutes * MS_PER_MINUTE;
  for (const candidate of [asUtc - 60 * MS_PER_MINUTE, asUtc]) {
    const shown = londonTimeOf(candidate);
    if (shown.day === day && shown.minutes === minutes) return candidate;
  }
  return asUtc;
}
