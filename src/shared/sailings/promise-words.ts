// The arrival promise in words a person reads at a glance (docs/decisions/0048): "If it reaches us
// by Tuesday 4pm, it arrives Thursday 10 December." One sentence for every screen and e-mail,
// told relative to the moment asked ("4pm today", "Tuesday 4pm") and in London's time.

import { MONTH_NAMES, WEEKDAY_NAMES } from '../dates';
import { formatTime } from '../receiving-hours';
import { dayKey, dayOf, londonTimeOf, partsOf, timeOf, weekdayOf } from './london-time';
import type { MovedBy, PlannedSailing } from './plan';
import type { ArrivalPromise, ParcelState } from './promise';

/** `Thursday 10 December`, with the year when it is not `thisYear`'s. */
export function dayInWords(key: string, thisYear?: number): string {
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

/** What a promise says, from the promise itself or from a parcel's stored plan. */
interface Told {
  state: ParcelState;
  by: number;
  /** `yyyy-MM-dd`: the first leg's sailing. */
  sailing: string;
  earliest: string;
  latest: string;
  /** The sailing it was moved off, why, and the reason the customer reads. */
  moved: { date: string; by: MovedBy; reason: string } | null;
}

const UNKNOWN = 'We will confirm its sailing and the day it arrives.';

const MOVED: Record<MovedBy, (day: string) => string> = {
  cancelled: (day) => `The sailing of ${day} is cancelled`,
  changed: (day) => `The sailing of ${day} has changed`,
  missed: (day) => `It missed the sailing of ${day}`,
};

function toldInWords(told: Told, now: Date): string {
  const thisYear = partsOf(londonTimeOf(now.getTime()).day).year;
  const arrives = `it arrives ${spanInWords(told.earliest, told.latest, thisYear)}.`;
  const { moved, state } = told;
  const reason = moved?.reason.replace(/[.\s]+$/, '');
  const before = moved
    ? `${MOVED[moved.by](dayInWords(moved.date, thisYear))}${reason ? ` (${reason})` : ''}. `
    : '';
  if (state.kind === 'at-depot') {
    return `${before}It leaves on the sailing of ${dayInWords(told.sailing, thisYear)}, and ${arrives}`;
  }
  const condition = CONDITION[state.kind === 'booked' ? 'booked' : state.reason];
  return `${before}If ${condition} by ${cutOffInWords(told.by, now)}, ${arrives}`;
}

/**
 * The promise as one or two sentences: a cancelled sailing it was moved from and why, then when
 * it arrives and on what condition. Without a promise (no sailing within the timetable's reach),
 * that the date will be confirmed.
 */
export function promiseInWords(promise: ArrivalPromise | null, now: Date): string {
  if (!promise) return UNKNOWN;
  const cancelled = promise.passedOver.find((p) => p.why === 'cancelled');
  return toldInWords(
    {
      state: promise.state,
      by: promise.by,
      sailing: promise.legs[0].date,
      earliest: promise.earliest,
      latest: promise.latest,
      moved: cancelled ? { date: cancelled.date, by: 'cancelled', reason: cancelled.reason } : null,
    },
    now,
  );
}

/** A parcel's stored plan (./plan.ts) in the same words, with what moved it and why. */
export function planInWords(
  plan: PlannedSailing & {
    state: ParcelState;
    movedBy: MovedBy | null;
    movedFrom: string | null;
    reason: string;
  },
  now: Date,
): string {
  const { sailingDate, cutOffAt, earliest, latest, movedBy, movedFrom } = plan;
  if (sailingDate === null || cutOffAt === null || earliest === null || latest === null) {
    return UNKNOWN;
  }
  return toldInWords(
    {
      state: plan.state,
      by: cutOffAt,
      sailing: sailingDate,
      earliest,
      latest,
      moved: movedBy && movedFrom ? { date: movedFrom, by: movedBy, reason: plan.reason } : null,
    },
    now,
  );
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
