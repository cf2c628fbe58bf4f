// The arrival promise in words a person reads at a glance (docs/decisions/0048): "If it reaches us
// by Tuesday 4pm, it arrives Thursday 10 December." One sentence for every screen and e-mail,
// told relative to the moment asked ("4pm today", "Tuesday 4pm") and in London's time.

import { MONTH_NAMES, WEEKDAY_NAMES } from '../dates';
import { formatTime } from '../receiving-hours';
import { dayKey, dayOf, londonTimeOf, partsOf, timeOf, weekdayOf } from './london-time';
import type { ArrivalPromise } from './promise';

/** `Thursday 10 December`, with the year when it is not `thisYear`'s. */
function dayInWords(key: string, thisYear?: number): string {
  const day = dayOf(key);
  const { year, month, date } = partsOf(day);
  const shown = `${WEEKDAY_NAMES[weekdayOf(day) - 1]} ${date} ${MONTH_NAMES[month - 1]}`;
  return thisYear === undefined || year === thisYear ? shown : `${shown} ${year}`;
}

/** Two days as a span: `Thursday 10 December`, `Thursday 10 and Friday 11 December`, ... */
function spanInWords(earliest: string, latest: string, thisYear: number): string {
  if (earliest === latest) return dayInWords(earliest, thisYear);
  const a = partsOf(dayOf(earliest));
  const b = partsOf(dayOf(latest));
  const first =
    a.year === b.year && a.month === b.month
      ? `${WEEKDAY_NAMES[weekdayOf(dayOf(earliest)) - 1]} ${a.date}`
      : dayInWords(earliest, thisYear);
  return `between ${first} and ${dayInWords(latest, thisYear)}`;
}

/** A cut-off seen from `now`: `4pm today`, `4pm tomorrow`, `Tuesday 4pm`, `Tuesday 15 December, 4pm`. */
export function cutOffInWords(at: number, now: Date): string {
  const when = londonTimeOf(at);
  const today = londonTimeOf(now.getTime());
  const time = formatTime(timeOf(when.minutes));
  const ahead = when.day - today.day;
  if (ahead === 0) return `${time} today`;
  if (ahead === 1) return `${time} tomorrow`;
  if (ahead > 1 && ahead < 7) return `${WEEKDAY_NAMES[weekdayOf(when.day) - 1]} ${time}`;
  const { year } = partsOf(today.day);
  return `${dayInWords(dayKey(when.day), year)}, ${time}`;
}

/** Who must do what by the cut-off, for each state. */
const CONDITION = {
  booked: 'it reaches us',
  invoice: 'you pay',
  quote: 'you accept and pay the quote',
  dispute: 'the dispute is settled',
  consolidation: 'the last parcel of your consignment reaches us',
} as const;

/**
 * The promise as one or two sentences: a cancelled sailing it was moved from and why, then when
 * it arrives and on what condition. Without a promise (no sailing within the timetable's reach),
 * that the date will be confirmed.
 */
export function promiseInWords(promise: ArrivalPromise | null, now: Date): string {
  if (!promise) return 'We will confirm its sailing and the day it arrives.';
  const thisYear = partsOf(londonTimeOf(now.getTime()).day).year;
  const arrives = `it arrives ${spanInWords(promise.earliest, promise.latest, thisYear)}.`;
  const cancelled = promise.passedOver.find((p) => p.why === 'cancelled');
  const moved = cancelled
    ? `The sailing of ${dayInWords(cancelled.date, thisYear)} is cancelled${
        cancelled.reason ? ` (${cancelled.reason.replace(/[.\s]+$/, '')})` : ''
      }. `
    : '';
  const { state } = promise;
  if (state.kind === 'at-depot') {
    const leaves = dayInWords(promise.legs[0].date, thisYear);
    return `${moved}It leaves on the sailing of ${leaves}, and ${arrives}`;
  }
  const condition = CONDITION[state.kind === 'booked' ? 'booked' : state.reason];
  return `${moved}If ${condition} by ${cutOffInWords(promise.by, now)}, ${arrives}`;
}

/**
 * The published date for a target day (./promise.ts `bookBy`): "If it reaches us by Tuesday 22
 * December, 4pm, it arrives by Thursday 24 December." or, without one, that it is too late.
 */
export function bookByInWords(promise: ArrivalPromise | null, target: string, now: Date): string {
  const thisYear = partsOf(londonTimeOf(now.getTime()).day).year;
  const day = dayInWords(target, thisYear);
  return promise
    ? `If it reaches us by ${cutOffInWords(promise.by, now)}, it arrives by ${day}.`
    : `It is too late to promise it arrives by ${day}.`;
}
