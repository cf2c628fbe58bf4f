import { and, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Island } from '../../../shared/islands';
import { OPEN_PLAN_STATES, type PlannedSailing } from '../../../shared/sailings/plan';
import { dayInWords } from '../../../shared/sailings/promise-words';
import type { Db, Tx } from '../../db/client';
import { parcelPlans } from '../../db/schema';
import type { Uses } from '../../lib/uses';
import type { Headline } from './emails';
import { moveParcels, type MoveRecord, type MovingPlan } from './moves';
import { tellMovedCustomers } from './notices';
import { lockRoutes } from './plans';

/**
 * Storms and missed sailings (docs/decisions/0049). When staff cancel or change a sailing, every
 * parcel planned on it moves to the next sailing with room, in the same transaction as the
 * change; when they remove the exception (the sailing is restored), the parcels it moved are
 * planned again. A parcel ready at the depot whose sailing left without it moves to the next one.
 * Each customer is told once per change, listing their parcels. The plans are read without row
 * locks: every writer of a plan holds the routes' lock first (./plans.ts `lockRoutes`), and these
 * hold it exclusively.
 */

/** An exception to the timetable as the re-plan reads it. */
export interface ExceptionFacts {
  id: number;
  island: Island;
  date: string;
  kind: 'extra' | 'cancelled' | 'changed';
  reason: string;
}

/** The open plans on a sailing (either leg). */
const onSailing = (s: { island: Island; date: string }): SQL =>
  or(
    and(eq(parcelPlans.route, s.island), eq(parcelPlans.sailingDate, s.date)),
    and(eq(parcelPlans.island, s.island), eq(parcelPlans.onwardDate, s.date)),
  )!;

/** The open plans on a route's sailings: its own islands' and, for Guernsey, the onward ones. */
const onRoute = (island: Island): SQL =>
  or(eq(parcelPlans.route, island), eq(parcelPlans.island, island))!;

const open = inArray(parcelPlans.state, [...OPEN_PLAN_STATES]);

/** What a parcel moved by another change keeps: why it is not on the sailing it was first given. */
const kept = (row: MovingPlan): MoveRecord => ({
  movedBy: row.movedBy,
  movedFrom: row.movedFrom,
  reason: row.reason,
  exceptionId: row.exceptionId,
});

/** Told only when the days it arrives change. */
const daysChanged = (row: MovingPlan, planned: PlannedSailing) =>
  row.plan.earliest !== planned.earliest || row.plan.latest !== planned.latest;

/**
 * Plans again, after an exception changed from `before` to `after` (either null: created,
 * deleted), the parcels on the sailings it names and those it moved before; notes their
 * customers. An extra sailing plans its route's parcels again: those on later sailings may take it.
 */
export async function replanForException(
  tx: Tx,
  before: ExceptionFacts | null,
  after: ExceptionFacts | null,
  now: Date,
): Promise<{ moved: number; told: number }> {
  const id = (after ?? before)!.id;
  await lockRoutes(tx, 'update');
  const sailings = [before, after].filter((e): e is ExceptionFacts => e !== null);
  const extra = after?.kind === 'extra' ? after : null;
  const where = and(
    open,
    or(
      eq(parcelPlans.exceptionId, id),
      ...sailings.map(onSailing),
      ...(extra ? [onRoute(extra.island)] : []),
    ),
  )!;
  const named = (after ?? before)!;
  // each said once: the same object for every parcel (moves.ts groups them by it)
  if (after && after.kind !== 'extra') {
    const record: MoveRecord = {
      movedBy: after.kind,
      movedFrom: after.date,
      reason: after.reason,
      exceptionId: after.id,
    };
    const headline: Headline = {
      kind: after.kind,
      sailing: dayInWords(after.date),
      island: after.island,
      reason: after.reason,
    };
    return moveParcels(tx, where, now, {
      record: () => record,
      headline: () => headline,
      tells: () => true,
    });
  }
  const restored: MoveRecord = { movedBy: null, movedFrom: null, reason: '', exceptionId: null };
  const back: Headline = {
    kind: 'restored',
    sailing: dayInWords(named.date),
    island: named.island,
  };
  const timetable: Headline | null = extra
    ? {
        kind: 'timetable',
        change: `We have added a sailing to ${extra.island} on ${dayInWords(extra.date)}.`,
      }
    : before?.kind === 'extra'
      ? {
          kind: 'timetable',
          change: `The extra sailing to ${before.island} on ${dayInWords(before.date)} no longer runs.`,
        }
      : null;
  return moveParcels(tx, where, now, {
    // a parcel another change moved keeps its reason; those this one had moved are restored
    record: (row) => (row.exceptionId === id ? restored : kept(row)),
    headline: (row) => (row.exceptionId !== id && timetable ? timetable : back),
    tells: (row, planned) => row.exceptionId === id || daysChanged(row, planned),
  });
}

/**
 * Plans again the open parcels a change to the timetable may move (a route's capacity or weekly
 * pattern, a closing day): those of `islands`' routes, or all of them. Each keeps why it was
 * moved before; a customer is told, once, when the days their parcels arrive change.
 */
export async function replanTimetable(
  tx: Tx,
  islands: readonly Island[] | 'all',
  change: string,
  now: Date,
): Promise<{ moved: number; told: number }> {
  await lockRoutes(tx, 'update');
  const where = islands === 'all' ? open : and(open, or(...islands.map(onRoute)))!;
  const headline: Headline = { kind: 'timetable', change };
  return moveParcels(tx, where, now, {
    record: kept,
    headline: () => headline,
    tells: daysChanged,
  });
}

/**
 * Moves the parcels whose sailing has gone: one ready at the depot whose sailing left without it
 * (its customer told, once for all their parcels), a booked or held one whose cut-off passed
 * (its promise was conditional: asked again, silently), and one that had no sailing within
 * reach (planned when there is one).
 */
export async function moveMissedParcels(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    await lockRoutes(tx, 'update');
    // planStands (shared/sailings/plan.ts) in SQL: the plans that no longer stand
    const where = or(
      and(
        eq(parcelPlans.state, 'at-depot'),
        or(isNull(parcelPlans.departsAt), lt(parcelPlans.departsAt, now)),
      ),
      and(
        inArray(parcelPlans.state, ['booked', 'held']),
        or(isNull(parcelPlans.cutOffAt), lt(parcelPlans.cutOffAt, now)),
      ),
    )!;
    // one with no sailing within reach yet is given one silently when there is room
    const missed = (row: MovingPlan) => row.state === 'at-depot' && row.plan.sailingDate !== null;
    const headlines = new Map<string, Headline>();
    const headlineOf = (date: string) => {
      if (!headlines.has(date)) headlines.set(date, { kind: 'missed', sailing: dayInWords(date) });
      return headlines.get(date)!;
    };
    return moveParcels(tx, where, now, {
      record: (row) =>
        missed(row)
          ? { movedBy: 'missed', movedFrom: row.plan.sailingDate, reason: '', exceptionId: null }
          : kept(row),
      headline: (row) => headlineOf(row.plan.sailingDate ?? ''),
      tells: missed,
    });
  });
}

const MISSED_SAILINGS_QUEUE = 'missed-sailings';

/** Looks for missed sailings every ten minutes on a worker node, by the app's clock. */
export async function scheduleMissedSailings(
  app: Uses<'clock' | 'config' | 'database' | 'jobs' | 'log'>,
) {
  await app.jobs.every(MISSED_SAILINGS_QUEUE, '*/10 * * * *', async () => {
    const { moved, told } = await moveMissedParcels(app.database.db, app.clock.now());
    if (moved) app.log.info({ moved, told }, 'parcels moved off missed sailings');
    // and any change's notice a process that died left untold
    await tellMovedCustomers(app.database.db, app.clock.now(), app.config);
  });
}
