// The timetable of the sea routes (docs/decisions/0048): each island's route as a weekly pattern
// of departures, the dated exceptions staff make (an extra sailing, a cancelled one, a changed or
// delayed one, with the reason the customer reads), the closing days of the depot and of each
// island, and the capacity of a sailing. Jersey and Guernsey are sailings from Portsmouth;
// Alderney, Sark and Herm are onward legs from St Peter Port (`via: 'Guernsey'`) on their own
// days. Times are London wall-clock times; `compileTimetable` turns a stretch of days into dated
// sailings with instants, the one list the promise (./promise.ts) and every screen read.

import type { Island } from '../islands';
import { ISLAND_JURISDICTION, type Jurisdiction } from './bank-holidays';
import { dayKey, dayOf, londonInstant, londonTimeOf, minutesOf, weekdayOf } from './london-time';

/** When a sailing leaves, the cut-off before it and when it lands, around its day of departure. */
export interface SailingTimes {
  /** `HH:mm`, London. */
  departs: string;
  /** The cut-off is this many days before the day of departure (0: the same day). */
  cutOffDaysBefore: number;
  /** `HH:mm`: parcels must be at the point of departure by then (the depot, or the Guernsey hub). */
  cutOff: string;
  /** It lands this many days after the day of departure (1: overnight). */
  arrivesDaysAfter: number;
  /** `HH:mm`. */
  arrives: string;
}

/** One departure of the weekly pattern: on an ISO weekday (Monday 1 to Sunday 7). */
interface WeeklyDeparture extends SailingTimes {
  weekday: number;
}

export interface SailingRoute {
  /** The island the route serves; a route is named by its island. */
  island: Island;
  /** The island an onward leg leaves from (Guernsey for Alderney, Sark and Herm), else null. */
  via: Island | null;
  /** Parcels one sailing takes. */
  capacity: number;
  /** Working days on the island from landing to the door: the earliest and the latest. */
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  departures: readonly WeeklyDeparture[];
}

export const EXCEPTION_KINDS = ['extra', 'cancelled', 'changed'] as const;
type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/**
 * A dated exception to a route's pattern. `date` names the sailing: the regular one of that day
 * it cancels or changes, or the day of an extra one. A changed sailing (a delay, a new time)
 * leaves on `departsOn` with its new times; `reason` is what the customer reads.
 */
export type SailingException =
  | { island: Island; date: string; kind: 'cancelled'; reason: string }
  | {
      island: Island;
      date: string;
      kind: 'extra' | 'changed';
      reason: string;
      departsOn: string;
      times: SailingTimes;
    };

interface ClosingDay {
  jurisdiction: Jurisdiction;
  /** `yyyy-MM-dd`. */
  date: string;
  name: string;
}

export interface Timetable {
  routes: readonly SailingRoute[];
  exceptions: readonly SailingException[];
  closingDays: readonly ClosingDay[];
  /** `HH:mm`: the depot stops receiving then (its receiving hours), so no cut-off is later. */
  depotCloses: string;
}

type SailingStatus = 'scheduled' | ExceptionKind;

/** A dated sailing of a route, with its instants (ms since the epoch). */
export interface Sailing {
  island: Island;
  /** `yyyy-MM-dd`: the sailing's name (its regular day, or an extra one's day). */
  date: string;
  status: SailingStatus;
  reason: string;
  cutOffAt: number;
  departsAt: number;
  arrivesAt: number;
  /** The London day it lands. */
  arrivalDay: number;
  capacity: number;
}

/** The timetable over a stretch of days: each route's sailings in the order of their cut-offs. */
export interface CompiledTimetable {
  routes: ReadonlyMap<Island, SailingRoute>;
  sailings: ReadonlyMap<Island, readonly Sailing[]>;
  /** Whether the jurisdiction is closed that day (a weekend or one of its closing days). */
  isClosed(jurisdiction: Jurisdiction, day: number): boolean;
}

/** Where a route's cut-off is kept: the depot in England, or the island an onward leg leaves. */
const cutOffJurisdiction = (route: SailingRoute): Jurisdiction =>
  route.via ? ISLAND_JURISDICTION[route.via] : 'england';

/**
 * The sailings of every route whose day is from `fromDay` to `toDay` (day numbers), with the
 * cut-off kept on a working day of its place: one falling on a closing day (or a weekend) moves
 * back to the working day before, and the depot's is never after it stops receiving.
 */
export function compileTimetable(
  timetable: Timetable,
  fromDay: number,
  toDay: number,
): CompiledTimetable {
  const closed = new Map<Jurisdiction, Set<number>>();
  for (const c of timetable.closingDays) {
    let days = closed.get(c.jurisdiction);
    if (!days) closed.set(c.jurisdiction, (days = new Set()));
    days.add(dayOf(c.date));
  }
  const isClosed = (jurisdiction: Jurisdiction, day: number) =>
    weekdayOf(day) >= 6 || (closed.get(jurisdiction)?.has(day) ?? false);
  const depotCloses = minutesOf(timetable.depotCloses);

  const exceptions = new Map<string, SailingException>();
  for (const e of timetable.exceptions) exceptions.set(`${e.island} ${e.date}`, e);

  const routes = new Map(timetable.routes.map((r) => [r.island, r]));
  const sailings = new Map<Island, Sailing[]>();
  for (const route of timetable.routes) {
    const where = cutOffJurisdiction(route);
    const latestCutOff = route.via ? 24 * 60 - 1 : depotCloses;
    const dated = (day: number, times: SailingTimes) => {
      let cutOffDay = day - times.cutOffDaysBefore;
      while (isClosed(where, cutOffDay)) cutOffDay -= 1;
      const cutOff = Math.min(minutesOf(times.cutOff), latestCutOff);
      const arrivesAt = londonInstant(day + times.arrivesDaysAfter, minutesOf(times.arrives));
      return {
        cutOffAt: londonInstant(cutOffDay, cutOff),
        departsAt: londonInstant(day, minutesOf(times.departs)),
        arrivesAt,
        arrivalDay: londonTimeOf(arrivesAt).day,
      };
    };
    const list: Sailing[] = [];
    for (let day = fromDay; day <= toDay; day += 1) {
      const date = dayKey(day);
      const exception = exceptions.get(`${route.island} ${date}`);
      const regular = route.departures.find((d) => d.weekday === weekdayOf(day));
      const base = { island: route.island, date, capacity: route.capacity };
      if (exception?.kind === 'cancelled') {
        if (regular) {
          list.push({
            ...base,
            status: 'cancelled',
            reason: exception.reason,
            ...dated(day, regular),
          });
        }
      } else if (exception) {
        list.push({
          ...base,
          status: exception.kind,
          reason: exception.reason,
          ...dated(dayOf(exception.departsOn), exception.times),
        });
      } else if (regular) {
        list.push({ ...base, status: 'scheduled', reason: '', ...dated(day, regular) });
      }
    }
    sailings.set(
      route.island,
      list.sort((a, b) => a.cutOffAt - b.cutOffAt || a.departsAt - b.departsAt),
    );
  }
  return { routes, sailings, isClosed };
}
