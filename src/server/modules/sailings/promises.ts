import type {
  CalendarView,
  PromiseQuery,
  PromiseView,
  SailingView,
} from '../../../shared/api/sailings';
import type { Island } from '../../../shared/islands';
import { dayKey, dayOf, londonTimeOf, weekdayOf } from '../../../shared/sailings/london-time';
import { arrivalPromise, bookBy, type ParcelState } from '../../../shared/sailings/promise';
import { bookByInWords, promiseInWords } from '../../../shared/sailings/promise-words';
import { compileTimetable, type Sailing } from '../../../shared/sailings/timetable';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { loadsOf } from './plans';
import { closingDaysBetween, exceptionsBetween, timetableBetween } from './queries';

/**
 * What the timetable answers (docs/decisions/0048): the staff's calendar of the coming weeks, and
 * the promise and the book-by date anyone may ask, all through the shared rule.
 */

type Reader = Pick<Db, 'select'>;

const sailingView = (s: Sailing): SailingView => ({
  Island: s.island,
  Date: s.date,
  Status: s.status,
  Reason: s.reason,
  CutOffAt: new Date(s.cutOffAt).toISOString(),
  DepartsAt: new Date(s.departsAt).toISOString(),
  ArrivesAt: new Date(s.arrivesAt).toISOString(),
  Capacity: s.capacity,
});

/** The sailings of `weeks` weeks from the Monday of `from`'s week (today's, by default). */
export async function calendar(
  db: Reader,
  now: Date,
  query: { From?: string; Weeks: number },
): Promise<CalendarView> {
  const first = query.From ? dayOf(query.From) : londonTimeOf(now.getTime()).day;
  const start = first - (weekdayOf(first) - 1);
  const end = start + 7 * query.Weeks - 1;
  const [from, to] = [dayKey(start), dayKey(end)];
  const [timetable, exceptions, closing] = await Promise.all([
    timetableBetween(db, from, to),
    exceptionsBetween(db, from, to),
    closingDaysBetween(db, from, to),
  ]);
  const compiled = compileTimetable(timetable, start, end);
  const sailings = [...compiled.sailings.values()]
    .flat()
    .sort((a, b) => a.date.localeCompare(b.date) || a.cutOffAt - b.cutOffAt)
    .map(sailingView);
  return { From: from, To: to, Sailings: sailings, Exceptions: exceptions, ClosingDays: closing };
}

const stateOf = (q: PromiseQuery): ParcelState =>
  q.State === 'held' && q.HoldReason
    ? { kind: 'held', reason: q.HoldReason }
    : { kind: q.State === 'at-depot' ? 'at-depot' : 'booked' };

/** When a parcel to the island arrives, asked now. */
export function promiseNow(db: Reader, now: Date, query: PromiseQuery): Promise<PromiseView> {
  return arrivalNow(db, now, query.Island, stateOf(query));
}

/** When a parcel to `island` in `state` arrives, asked now: what every page and e-mail shows. */
export async function arrivalNow(
  db: Reader,
  now: Date,
  island: Island,
  state: ParcelState,
): Promise<PromiseView> {
  const today = londonTimeOf(now.getTime()).day;
  const timetable = await timetableBetween(db, dayKey(today - 7), dayKey(today + 70));
  // The sailings' loads are the parcels planned on them (docs/decisions/0049).
  const promise = arrivalPromise(timetable, { island, state, now, loads: await loadsOf(db, now) });
  return {
    Island: island,
    Known: promise !== null,
    By: promise ? new Date(promise.by).toISOString() : null,
    Earliest: promise?.earliest ?? null,
    Latest: promise?.latest ?? null,
    Sailings: promise?.legs.map(sailingView) ?? [],
    Words: promiseInWords(promise, now),
  };
}

/** How far ahead a book-by date is asked. */
const BOOK_BY_REACH_DAYS = 366;

/** The last moment a parcel may reach the depot to arrive by `target`. */
export async function bookByNow(db: Reader, now: Date, query: { Island: Island; Target: string }) {
  const today = londonTimeOf(now.getTime()).day;
  const target = dayOf(query.Target);
  if (target > today + BOOK_BY_REACH_DAYS) {
    throw new HttpError(400, 'Target must be within a year.', [
      { field: 'Target', error: 'must be within a year' },
    ]);
  }
  const from = Math.min(today, target) - 7;
  const timetable = await timetableBetween(db, dayKey(from), dayKey(target));
  const promise = bookBy(
    compileTimetable(timetable, from, target),
    query.Island,
    query.Target,
    now,
  );
  return {
    Island: query.Island,
    Target: query.Target,
    By: promise ? new Date(promise.by).toISOString() : null,
    Words: bookByInWords(promise, query.Target, now),
  };
}
