import { and, eq } from 'drizzle-orm';
import {
  SAILING_MESSAGES,
  type ClosingDayInput,
  type ExceptionInput,
  type RouteView,
  type UpdateRoute,
} from '../../../shared/api/sailings';
import type { Island } from '../../../shared/islands';
import { dayOf, weekdayOf } from '../../../shared/sailings/london-time';
import { dayInWords } from '../../../shared/sailings/promise-words';
import { closingDays, sailingDepartures, sailingExceptions, sailingRoutes } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { uniqueViolation } from '../auth/user-data';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { lockRoutes } from './plans';
import { closingDayView, exceptionView, routes } from './queries';
import { replanForException, replanTimetable, type ExceptionFacts } from './storms';

/**
 * The office's changes to the timetable (docs/decisions/0048), each in one transaction with its
 * audit entry (before and after). A changed timetable changes every promise made from then on,
 * and every change moves the parcels it touches in the same transaction (docs/decisions/0049,
 * 0054): a cancelled, changed or restored sailing those planned on it, an extra sailing, a
 * route's capacity or pattern those of the route, a closing day all of them. The customers whose
 * parcels moved are noted in the transaction and told after it (./notices.ts `tellSoon`).
 */

/** When a change is made: the app's clock. */
interface Context {
  now: Date;
}

/** What a change did to the plan, as its audit entry records it. */
const movedFacts = (m: { moved: number; told: number }) => ({ Moved: m.moved, Told: m.told });

/** Replaces a route's capacity, delivery days and weekly pattern. */
export async function updateRoute(
  db: Db,
  actorId: number,
  island: Island,
  input: UpdateRoute,
  at: Context,
): Promise<RouteView> {
  await db.transaction(async (tx) => {
    // the routes' lock first, in its order, as every writer of a plan takes it (./plans.ts)
    await lockRoutes(tx, 'update');
    const before = (await routes(tx)).find((r) => r.Island === island);
    if (!before) throw new HttpError(404, 'There is no such route.');
    await tx
      .update(sailingRoutes)
      .set({
        capacity: input.Capacity,
        deliveryDaysMin: input.DeliveryDaysMin,
        deliveryDaysMax: input.DeliveryDaysMax,
        updatedAt: at.now,
      })
      .where(eq(sailingRoutes.island, island));
    await tx.delete(sailingDepartures).where(eq(sailingDepartures.island, island));
    if (input.Departures.length > 0) {
      await tx.insert(sailingDepartures).values(
        input.Departures.map((d) => ({
          island,
          weekday: d.Weekday,
          departs: d.Departs,
          cutOffDaysBefore: d.CutOffDaysBefore,
          cutOff: d.CutOff,
          arrivesDaysAfter: d.ArrivesDaysAfter,
          arrives: d.Arrives,
        })),
      );
    }
    const { Island: _, Via: __, ...was } = before;
    const change = `Our sailings to ${island} have changed.`;
    const moved = await replanTimetable(tx, [island], change, at.now);
    await audit(tx, {
      actorId,
      action: 'update',
      subject: 'Sailing',
      subjectId: `route:${island}`,
      before: was,
      after: { ...input, ...movedFacts(moved) },
    });
  });
  const after = (await routes(db)).find((r) => r.Island === island);
  if (!after) throw new HttpError(404, 'There is no such route.');
  return after;
}

const fieldError = (field: string, error: string) =>
  new HttpError(400, `${field} ${error}.`, [{ field, error }]);

/**
 * A cancelled or changed sailing must be a regular one of the route that day; an extra one must
 * not fall on a day the route already sails (change that sailing instead).
 */
async function checkAgainstPattern(tx: Tx, input: ExceptionInput) {
  const [regular] = await tx
    .select({ id: sailingDepartures.id })
    .from(sailingDepartures)
    .where(
      and(
        eq(sailingDepartures.island, input.Island),
        eq(sailingDepartures.weekday, weekdayOf(dayOf(input.Date))),
      ),
    );
  if (input.Kind !== 'extra' && !regular) {
    throw fieldError('Date', SAILING_MESSAGES.noRegularSailing);
  }
  if (input.Kind === 'extra' && regular) {
    throw fieldError('Date', 'already has a sailing of the route: change that one instead');
  }
}

function exceptionRow(input: ExceptionInput) {
  const cancelled = input.Kind === 'cancelled';
  return {
    island: input.Island,
    date: input.Date,
    kind: input.Kind,
    reason: input.Reason,
    departsOn: cancelled ? null : (input.DepartsOn ?? input.Date),
    departs: cancelled ? null : (input.Departs ?? null),
    cutOffDaysBefore: cancelled ? null : (input.CutOffDaysBefore ?? null),
    cutOff: cancelled ? null : (input.CutOff ?? null),
    arrivesDaysAfter: cancelled ? null : (input.ArrivesDaysAfter ?? null),
    arrives: cancelled ? null : (input.Arrives ?? null),
  };
}

/** Runs `work`, turning a broken unique index (a second row for the same day) into a 409. */
async function once<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err)) throw new HttpError(409, message);
    throw err;
  }
}

/** The exception as the re-plan reads it. */
const factsOf = (row: typeof sailingExceptions.$inferSelect): ExceptionFacts => ({
  id: row.id,
  island: row.island as Island,
  date: row.date,
  kind: row.kind,
  reason: row.reason,
});

/** Adds an exception: an extra sailing, a cancelled one, a changed one. */
export function createException(db: Db, actorId: number, input: ExceptionInput, at: Context) {
  return once(
    () =>
      db.transaction(async (tx) => {
        await checkAgainstPattern(tx, input);
        const [row] = await tx
          .insert(sailingExceptions)
          .values({ ...exceptionRow(input), createdBy: actorId })
          .returning();
        const view = exceptionView(row);
        const moved = await replanForException(tx, null, factsOf(row), at.now);
        await audit(tx, {
          actorId,
          action: 'create',
          subject: 'Sailing',
          subjectId: `exception:${row.id}`,
          after: { ...view, ...movedFacts(moved) },
        });
        return view;
      }),
    SAILING_MESSAGES.exceptionTaken,
  );
}

/** Changes an exception, which may now name another route or day. */
export function updateException(
  db: Db,
  actorId: number,
  id: number,
  input: ExceptionInput,
  at: Context,
) {
  return once(
    () =>
      db.transaction(async (tx) => {
        const [old] = await tx
          .select()
          .from(sailingExceptions)
          .where(eq(sailingExceptions.id, id))
          .for('update');
        if (!old) throw new HttpError(404, SAILING_MESSAGES.noSuchException);
        await checkAgainstPattern(tx, input);
        const [row] = await tx
          .update(sailingExceptions)
          .set({ ...exceptionRow(input), updatedAt: at.now })
          .where(eq(sailingExceptions.id, id))
          .returning();
        const view = exceptionView(row);
        const moved = await replanForException(tx, factsOf(old), factsOf(row), at.now);
        await audit(tx, {
          actorId,
          action: 'update',
          subject: 'Sailing',
          subjectId: `exception:${id}`,
          before: exceptionView(old),
          after: { ...view, ...movedFacts(moved) },
        });
        return view;
      }),
    SAILING_MESSAGES.exceptionTaken,
  );
}

/** Removes an exception: the sailing is as the weekly pattern has it again. */
export async function deleteException(
  db: Db,
  actorId: number,
  id: number,
  at: Context,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .delete(sailingExceptions)
      .where(eq(sailingExceptions.id, id))
      .returning();
    if (!old) throw new HttpError(404, SAILING_MESSAGES.noSuchException);
    const moved = await replanForException(tx, factsOf(old), null, at.now);
    await audit(tx, {
      actorId,
      action: 'delete',
      subject: 'Sailing',
      subjectId: `exception:${id}`,
      before: exceptionView(old),
      after: movedFacts(moved),
    });
  });
}

const closingRow = (input: ClosingDayInput) => ({
  jurisdiction: input.Jurisdiction,
  date: input.Date,
  name: input.Name,
});

/** A closing day moves the days parcels arrive (and the sailings they take): all re-planned. */
const replanForClosingDay = (
  tx: Tx,
  day: { date: string; name: string },
  removed: boolean,
  now: Date,
) =>
  replanTimetable(
    tx,
    'all',
    removed
      ? `${dayInWords(day.date)} is no longer a closing day.`
      : `${dayInWords(day.date)} is a closing day (${day.name.replace(/[.\s]+$/, '')}).`,
    now,
  );

export function createClosingDay(db: Db, actorId: number, input: ClosingDayInput, at: Context) {
  return once(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(closingDays).values(closingRow(input)).returning();
        const view = closingDayView(row);
        const moved = await replanForClosingDay(tx, row, false, at.now);
        await audit(tx, {
          actorId,
          action: 'create',
          subject: 'Sailing',
          subjectId: `closing-day:${row.id}`,
          after: { ...view, ...movedFacts(moved) },
        });
        return view;
      }),
    SAILING_MESSAGES.closingDayTaken,
  );
}

export function updateClosingDay(
  db: Db,
  actorId: number,
  id: number,
  input: ClosingDayInput,
  at: Context,
) {
  return once(
    () =>
      db.transaction(async (tx) => {
        const [old] = await tx
          .select()
          .from(closingDays)
          .where(eq(closingDays.id, id))
          .for('update');
        if (!old) throw new HttpError(404, SAILING_MESSAGES.noSuchClosingDay);
        const [row] = await tx
          .update(closingDays)
          .set({ ...closingRow(input), updatedAt: at.now })
          .where(eq(closingDays.id, id))
          .returning();
        const view = closingDayView(row);
        const moved = await replanForClosingDay(tx, row, false, at.now);
        await audit(tx, {
          actorId,
          action: 'update',
          subject: 'Sailing',
          subjectId: `closing-day:${id}`,
          before: closingDayView(old),
          after: { ...view, ...movedFacts(moved) },
        });
        return view;
      }),
    SAILING_MESSAGES.closingDayTaken,
  );
}

export async function deleteClosingDay(
  db: Db,
  actorId: number,
  id: number,
  at: Context,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx.delete(closingDays).where(eq(closingDays.id, id)).returning();
    if (!old) throw new HttpError(404, SAILING_MESSAGES.noSuchClosingDay);
    const moved = await replanForClosingDay(tx, old, true, at.now);
    await audit(tx, {
      actorId,
      action: 'delete',
      subject: 'Sailing',
      subjectId: `closing-day:${id}`,
      before: closingDayView(old),
      after: movedFacts(moved),
    });
  });
}
