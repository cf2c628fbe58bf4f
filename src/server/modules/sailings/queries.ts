import { and, asc, gte, lte } from 'drizzle-orm';
import type { ClosingDayView, ExceptionView, RouteView } from '../../../shared/api/sailings';
import type { Island } from '../../../shared/islands';
import { depotClosingTime } from '../../../shared/receiving-hours';
import type { SailingException, SailingRoute, Timetable } from '../../../shared/sailings/timetable';
import type { Db } from '../../db/client';
import { closingDays, sailingDepartures, sailingExceptions, sailingRoutes } from '../../db/schema';
import { settingsOf } from '../settings/service';

/**
 * Reading the timetable (docs/decisions/0048): the tables as the shared rule's `Timetable`, and
 * as the staff calls show them.
 */

type Reader = Pick<Db, 'select'>;
type ExceptionRow = typeof sailingExceptions.$inferSelect;

/** The routes with their weekly pattern, in the order of the islands' list. */
export async function routes(db: Reader): Promise<RouteView[]> {
  const [rows, departures] = await Promise.all([
    db.select().from(sailingRoutes),
    db.select().from(sailingDepartures).orderBy(asc(sailingDepartures.weekday)),
  ]);
  return rows.map((r) => ({
    Island: r.island as Island,
    Via: r.via as Island | null,
    Capacity: r.capacity,
    DeliveryDaysMin: r.deliveryDaysMin,
    DeliveryDaysMax: r.deliveryDaysMax,
    Departures: departures
      .filter((d) => d.island === r.island)
      .map((d) => ({
        Weekday: d.weekday,
        Departs: d.departs,
        CutOffDaysBefore: d.cutOffDaysBefore,
        CutOff: d.cutOff,
        ArrivesDaysAfter: d.arrivesDaysAfter,
        Arrives: d.arrives,
      })),
  }));
}

export const exceptionView = (e: ExceptionRow): ExceptionView => ({
  Id: e.id,
  Island: e.island as Island,
  Date: e.date,
  Kind: e.kind,
  Reason: e.reason,
  DepartsOn: e.departsOn,
  Departs: e.departs,
  CutOffDaysBefore: e.cutOffDaysBefore,
  CutOff: e.cutOff,
  ArrivesDaysAfter: e.arrivesDaysAfter,
  Arrives: e.arrives,
});

export const closingDayView = (c: typeof closingDays.$inferSelect): ClosingDayView => ({
  Id: c.id,
  Jurisdiction: c.jurisdiction,
  Date: c.date,
  Name: c.name,
});

/** The exceptions whose sailing day is from `from` to `to` (yyyy-MM-dd), by day. */
export async function exceptionsBetween(db: Reader, from: string, to: string) {
  const rows = await db
    .select()
    .from(sailingExceptions)
    .where(and(gte(sailingExceptions.date, from), lte(sailingExceptions.date, to)))
    .orderBy(asc(sailingExceptions.date), asc(sailingExceptions.island));
  return rows.map(exceptionView);
}

/** The closing days from `from` to `to`, by day. */
export async function closingDaysBetween(db: Reader, from: string, to: string) {
  const rows = await db
    .select()
    .from(closingDays)
    .where(and(gte(closingDays.date, from), lte(closingDays.date, to)))
    .orderBy(asc(closingDays.date), asc(closingDays.jurisdiction));
  return rows.map(closingDayView);
}

function ruleException(e: ExceptionView): SailingException {
  if (e.Kind === 'cancelled') {
    return { island: e.Island, date: e.Date, kind: 'cancelled', reason: e.Reason };
  }
  return {
    island: e.Island,
    date: e.Date,
    kind: e.Kind,
    reason: e.Reason,
    departsOn: e.DepartsOn ?? e.Date,
    times: {
      departs: e.Departs ?? '00:00',
      cutOffDaysBefore: e.CutOffDaysBefore ?? 0,
      cutOff: e.CutOff ?? '00:00',
      arrivesDaysAfter: e.ArrivesDaysAfter ?? 0,
      arrives: e.Arrives ?? '00:00',
    },
  };
}

/**
 * The timetable the shared rule reads for the days from `from` to `to` (the exceptions and
 * closing days of a little more, so that cut-offs moved back and deliveries counted on are right),
 * with the depot's closing time from its receiving hours (setting Depot/ReceivingHours).
 */
export async function timetableBetween(db: Reader, from: string, to: string): Promise<Timetable> {
  const wider = (key: string, days: number) =>
    new Date(Date.parse(key) + days * 86_400_000).toISOString().slice(0, 10);
  const [routeViews, exceptions, closing, depot] = await Promise.all([
    routes(db),
    exceptionsBetween(db, wider(from, -14), wider(to, 14)),
    closingDaysBetween(db, wider(from, -14), wider(to, 31)),
    settingsOf(db, 'Depot'),
  ]);
  return {
    routes: routeViews.map((r): SailingRoute => ({
      island: r.Island,
      via: r.Via,
      capacity: r.Capacity,
      deliveryDaysMin: r.DeliveryDaysMin,
      deliveryDaysMax: r.DeliveryDaysMax,
      departures: r.Departures.map((d) => ({
        weekday: d.Weekday,
        departs: d.Departs,
        cutOffDaysBefore: d.CutOffDaysBefore,
        cutOff: d.CutOff,
        arrivesDaysAfter: d.ArrivesDaysAfter,
        arrives: d.Arrives,
      })),
    })),
    exceptions: exceptions.map(ruleException),
    closingDays: closing.map((c) => ({ jurisdiction: c.Jurisdiction, date: c.Date, name: c.Name })),
    depotCloses: depotClosingTime(depot.ReceivingHours),
  };
}
