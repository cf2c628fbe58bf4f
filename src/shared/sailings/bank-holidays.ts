// The bank holidays of England (the depot) and of each island, from their rules, so the closing
// days of any year are computed, not typed (docs/decisions/0048). The office may still add or
// remove a day (a one-off holiday, a changed date): the timetable keeps the days themselves, and
// this rule only seeds them.
//
// - England: New Year's Day, Good Friday, Easter Monday, the first Monday of May (early May), the
//   last Monday of May (spring), the last Monday of August (summer), Christmas Day, Boxing Day;
//   New Year's Day, Christmas Day and Boxing Day falling at a weekend give the next free weekday.
// - Jersey and Guernsey (Herm with it): England's, plus Liberation Day on 9 May, which is not
//   moved when it falls at a weekend.
// - Sark: Guernsey's, with its own Liberation Day on 10 May instead of the 9th.
// - Alderney: Guernsey's without Liberation Day, its summer bank holiday on the first Monday of
//   August instead of the last, and Homecoming Day on 15 December.

import type { Island } from '../islands';
import { dayKey, dayOf, weekdayOf } from './london-time';

/** Whose closing days: the depot's (England) or an island's. */
export const JURISDICTIONS = ['england', 'jersey', 'guernsey', 'alderney', 'sark'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** Whose bank holidays a parcel's delivery on the island keeps (Herm keeps Guernsey's). */
export const ISLAND_JURISDICTION: Readonly<Record<Island, Jurisdiction>> = {
  Jersey: 'jersey',
  Guernsey: 'guernsey',
  Alderney: 'alderney',
  Sark: 'sark',
  Herm: 'guernsey',
};

export interface Holiday {
  /** `yyyy-MM-dd`. */
  date: string;
  name: string;
}

/** Easter Sunday of a year as a day number (the Gregorian computus, Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOfYmd(year, month, date);
}

const dayOfYmd = (year: number, month: number, date: number) =>
  dayOf(`${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`);

/** The first Monday of a month. */
function firstMonday(year: number, month: number): number {
  const first = dayOfYmd(year, month, 1);
  return first + ((8 - weekdayOf(first)) % 7);
}

/** The last Monday of a month. */
function lastMonday(year: number, month: number): number {
  const last = dayOfYmd(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) + 6) % 7);
}

const isWeekend = (day: number) => weekdayOf(day) >= 6;

/**
 * New Year's Day, Christmas Day and Boxing Day. One falling at a weekend is kept on the first
 * weekday after it that none of the others holds: Christmas on a Sunday gives Tuesday 27, as
 * Boxing Day holds Monday 26; Christmas on a Saturday gives Monday 27 and Boxing Day Tuesday 28.
 */
function fixedWithSubstitutes(year: number): Holiday[] {
  const fixed = [
    { day: dayOfYmd(year, 1, 1), name: "New Year's Day" },
    { day: dayOfYmd(year, 12, 25), name: 'Christmas Day' },
    { day: dayOfYmd(year, 12, 26), name: 'Boxing Day' },
  ];
  const taken = new Set(fixed.filter((h) => !isWeekend(h.day)).map((h) => h.day));
  return fixed.map(({ day, name }) => {
    if (!isWeekend(day)) return { date: dayKey(day), name };
    let substitute = day;
    while (isWeekend(substitute) || taken.has(substitute)) substitute += 1;
    taken.add(substitute);
    return { date: dayKey(substitute), name: `${name} (substitute day)` };
  });
}

/** The bank holidays of a jurisdiction in a year, in date order. */
export function bankHolidays(jurisdiction: Jurisdiction, year: number): Holiday[] {
  const easter = easterSunday(year);
  const days: Holiday[] = [
    ...fixedWithSubstitutes(year),
    { date: dayKey(easter - 2), name: 'Good Friday' },
    { date: dayKey(easter + 1), name: 'Easter Monday' },
    { date: dayKey(firstMonday(year, 5)), name: 'Early May bank holiday' },
    { date: dayKey(lastMonday(year, 5)), name: 'Spring bank holiday' },
  ];
  days.push(
    jurisdiction === 'alderney'
      ? { date: dayKey(firstMonday(year, 8)), name: 'Summer bank holiday' }
      : { date: dayKey(lastMonday(year, 8)), name: 'Summer bank holiday' },
  );
  if (jurisdiction === 'jersey' || jurisdiction === 'guernsey') {
    days.push({ date: `${year}-05-09`, name: 'Liberation Day' });
  }
  if (jurisdiction === 'sark') days.push({ date: `${year}-05-10`, name: 'Liberation Day' });
  if (jurisdiction === 'alderney') days.push({ date: `${year}-12-15`, name: 'Homecoming Day' });
  return days.sort((a, b) => a.date.localeCompare(b.date));
}
