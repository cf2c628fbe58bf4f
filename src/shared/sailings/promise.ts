// The arrival promise (docs/decisions/0048): from the compiled timetable (./timetable.ts), the
// parcel's state and the moment asked, the sailing it takes, the onward leg through Guernsey for
// Alderney, Sark and Herm, and the earliest and latest days it reaches the door. The booking
// steps, the basket, the checkout, the order page, the tracking page, the e-mails and dispatch
// all ask this one rule; `promiseInWords` (./promise-words.ts) says it.
//
// - booked (not yet at the depot): if it reaches the depot by the next cut-off, that sailing;
// - at the depot: the next sailing whose cut-off is still ahead and which has room;
// - held (an invoice or a quote to pay, a dispute, a consolidation waiting for its parcels): the
//   same sailing, on the condition that the hold ends by its cut-off.
// A cancelled sailing is passed over (its reason kept, for the words); so is a full one.

import type { Island } from '../islands';
import { ISLAND_JURISDICTION } from './bank-holidays';
import { dayKey, dayOf, londonTimeOf } from './london-time';
import {
  compileTimetable,
  type CompiledTimetable,
  type Sailing,
  type Timetable,
} from './timetable';

export const HOLD_REASONS = ['invoice', 'quote', 'dispute', 'consolidation'] as const;
type HoldReason = (typeof HOLD_REASONS)[number];

export type ParcelState =
  { kind: 'booked' } | { kind: 'at-depot' } | { kind: 'held'; reason: HoldReason };

/** Parcels already planned on each sailing, by `sailingKey`. */
export type Loads = Map<string, number>;

/** The key of a sailing in `Loads`: its route's island and its date. */
export const sailingKey = (s: { island: Island; date: string }) => `${s.island} ${s.date}`;

/** A sailing the parcel was not given, and why: cancelled (with the reason shown) or full. */
interface PassedOver {
  island: Island;
  date: string;
  why: 'cancelled' | 'full';
  reason: string;
}

export interface ArrivalPromise {
  island: Island;
  state: ParcelState;
  /** The first leg's cut-off (ms): the parcel must be at the depot, or the hold over, by then. */
  by: number;
  /** The sailings it takes: from Portsmouth, then on from Guernsey where the island needs it. */
  legs: Sailing[];
  /** `yyyy-MM-dd`: the first and the last day it may reach the door. */
  earliest: string;
  latest: string;
  passedOver: PassedOver[];
}

/** How far ahead the promise looks for a sailing: past it, there is no promise to make. */
const HORIZON_DAYS = 70;

/** The timetable compiled around a moment: the week before it (for the cut-offs) to the horizon. */
export function compileAround(timetable: Timetable, now: Date): CompiledTimetable {
  const today = londonTimeOf(now.getTime()).day;
  return compileTimetable(timetable, today - 7, today + HORIZON_DAYS);
}

/** The first sailing in `list` whose cut-off is at or after `at`. */
function firstFrom(list: readonly Sailing[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].cutOffAt < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first sailing open to a parcel ready at `at` with room, noting those passed over. */
function nextSailing(
  list: readonly Sailing[],
  at: number,
  loads: Loads | undefined,
  passedOver: PassedOver[],
): Sailing | null {
  for (let i = firstFrom(list, at); i < list.length; i += 1) {
    const s = list[i];
    if (s.status === 'cancelled') {
      passedOver.push({ island: s.island, date: s.date, why: 'cancelled', reason: s.reason });
    } else if ((loads?.get(sailingKey(s)) ?? 0) >= s.capacity) {
      passedOver.push({ island: s.island, date: s.date, why: 'full', reason: '' });
    } else {
      return s;
    }
  }
  return null;
}

/** The `n`th working day of the island after `day` (n = 0: that day, or the next working one). */
function workingDayAfter(
  compiled: CompiledTimetable,
  island: Island,
  day: number,
  n: number,
): number {
  const where = ISLAND_JURISDICTION[island];
  let d = day;
  while (compiled.isClosed(where, d)) d += 1;
  for (let left = n; left > 0; left -= 1) {
    d += 1;
    while (compiled.isClosed(where, d)) d += 1;
  }
  return d;
}

export interface PromiseQuestion {
  island: Island;
  state: ParcelState;
  /** The moment asked: the parcel (or the end of its hold) is ready then. */
  now: Date;
  /** What the sailings already carry; none: every sailing has room. */
  loads?: Loads;
}

/**
 * The promise for a parcel to `island` in `state` at `now`, over a compiled timetable; null when
 * no sailing with room leaves within it (the customer is told the date will be confirmed).
 */
function promiseOn(compiled: CompiledTimetable, q: PromiseQuestion): ArrivalPromise | null {
  const route = compiled.routes.get(q.island);
  if (!route) return null;
  const passedOver: PassedOver[] = [];
  const first = compiled.sailings.get(route.via ?? route.island) ?? [];
  const sea = nextSailing(first, q.now.getTime(), q.loads, passedOver);
  if (!sea) return null;
  const legs = [sea];
  if (route.via) {
    const onward = nextSailing(
      compiled.sailings.get(route.island) ?? [],
      sea.arrivesAt,
      q.loads,
      passedOver,
    );
    if (!onward) return null;
    legs.push(onward);
  }
  const landed = legs[legs.length - 1].arrivalDay;
  return {
    island: q.island,
    state: q.state,
    by: sea.cutOffAt,
    legs,
    earliest: dayKey(workingDayAfter(compiled, q.island, landed, route.deliveryDaysMin)),
    latest: dayKey(workingDayAfter(compiled, q.island, landed, route.deliveryDaysMax)),
    passedOver,
  };
}

/** The promise at `now`, compiling the timetable around it (one question; a batch: `planParcels`). */
export function arrivalPromise(timetable: Timetable, q: PromiseQuestion): ArrivalPromise | null {
  return promiseOn(compileAround(timetable, q.now), q);
}

/**
 * Promises for many parcels at once, in the order given (the first come, the first served): each
 * takes the next sailing with room and fills it, so that a cancelled sailing's parcels spread over
 * the ones after it as they fill. `loads` starts with what is already planned and is updated.
 */
export function planParcels(
  compiled: CompiledTimetable,
  parcels: readonly { island: Island; state: ParcelState }[],
  now: Date,
  loads: Loads,
): (ArrivalPromise | null)[] {
  // Loads only grow, so a parcel like the last one (same island and state) takes the same
  // sailings while they still have room: that promise is given again without asking (10,000
  // parcels of a storm are a handful of questions).
  const last = new Map<string, ArrivalPromise>();
  const roomOn = (p: ArrivalPromise) =>
    p.legs.every((leg) => (loads.get(sailingKey(leg)) ?? 0) < leg.capacity);
  return parcels.map(({ island, state }) => {
    const like = `${island} ${state.kind} ${state.kind === 'held' ? state.reason : ''}`;
    const previous = last.get(like);
    const promise =
      previous && roomOn(previous) ? previous : promiseOn(compiled, { island, state, now, loads });
    if (promise) last.set(like, promise);
    for (const leg of promise?.legs ?? []) {
      const key = sailingKey(leg);
      loads.set(key, (loads.get(key) ?? 0) + 1);
    }
    return promise;
  });
}

/**
 * The last moment a parcel for `island` may reach the depot and still be at the door by `target`
 * (`yyyy-MM-dd`): the cut-off of the last sailing whose latest day is on or before it, with that
 * promise; null when none within the compiled stretch does, or its cut-off is before `now` (too
 * late). Capacity is not counted: this is the date published ("order by 14 December for Christmas").
 */
export function bookBy(
  compiled: CompiledTimetable,
  island: Island,
  target: string,
  now: Date,
): ArrivalPromise | null {
  const route = compiled.routes.get(island);
  const targetDay = dayOf(target);
  if (!route || Number.isNaN(targetDay)) return null;
  const first = compiled.sailings.get(route.via ?? route.island) ?? [];
  for (let i = first.length - 1; i >= 0; i -= 1) {
    const s = first[i];
    if (s.cutOffAt < now.getTime()) return null;
    if (s.status === 'cancelled' || s.arrivalDay > targetDay) continue;
    const promise = promiseOn(compiled, {
      island,
      state: { kind: 'booked' },
      now: new Date(s.cutOffAt),
    });
    if (promise && promise.by === s.cutOffAt && promise.latest <= target) return promise;
  }
  return null;
}
