import { and, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Island } from '../../../shared/islands';
import { OPEN_PLAN_STATES, type MovedBy } from '../../../shared/sailings/plan';
import { dayInWords } from '../../../shared/sailings/promise-words';
import type { Db } from '../../db/client';
import { parcelPlans } from '../../db/schema';
import type { Uses } from '../../lib/uses';
import type { Site } from '../../config';
import type { Tx } from '../../db/client';
import { moveParcels, type Move } from './moves';
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

const open = inArray(parcelPlans.state, [...OPEN_PLAN_STATES]);

/**
 * Plans again, after an exception changed from `before` to `after` (either null: created,
 * deleted), the parcels on the sailings it names and those it moved before; tells their customers.
 */
export async function replanForException(
  tx: Tx,
  before: ExceptionFacts | null,
  after: ExceptionFacts | null,
  now: Date,
  site: Site,
): Promise<{ moved: number; told: number }> {
  const id = (after ?? before)!.id;
  await lockRoutes(tx, 'update');
  const sailings = [before, after].filter((e): e is ExceptionFacts => e !== null);
  const rows = await tx
    .select()
    .from(parcelPlans)
    .where(and(open, or(eq(parcelPlans.exceptionId, id), ...sailings.map(onSailing))));
  const storm = after && after.kind !== 'extra' ? { ...after, kind: after.kind } : null;
  const named = (after ?? before)!;
  const move: Move = storm
    ? {
        record: () => ({
          movedBy: storm.kind,
          movedFrom: storm.date,
          reason: storm.reason,
          exceptionId: storm.id,
        }),
        headline: () => ({
          kind: storm.kind,
          sailing: dayInWords(storm.date),
          island: storm.island,
          reason: storm.reason,
        }),
        tells: () => true,
      }
    : {
        record: () => ({ movedBy: null, movedFrom: null, reason: '', exceptionId: null }),
        headline: () => ({
          kind: 'restored',
          sailing: dayInWords(named.date),
          island: named.island,
        }),
        tells: () => true,
      };
  return moveParcels(tx, rows, now, site, move);
}

/**
 * Moves the parcels whose sailing has gone: one ready at the depot whose sailing left without it
 * (its customer told, once for all their parcels), a booked or held one whose cut-off passed
 * (its promise was conditional: asked again, silently), and one that had no sailing within
 * reach (planned when there is one).
 */
export async function moveMissedParcels(db: Db, now: Date, site: Site) {
  return db.transaction(async (tx) => {
    await lockRoutes(tx, 'update');
    const rows = await tx
      .select()
      .from(parcelPlans)
      .where(
        // planStands (shared/sailings/plan.ts) in SQL: the plans that no longer stand
        or(
          and(
            eq(parcelPlans.state, 'at-depot'),
            or(isNull(parcelPlans.departsAt), lt(parcelPlans.departsAt, now)),
          ),
          and(
            inArray(parcelPlans.state, ['booked', 'held']),
            or(isNull(parcelPlans.cutOffAt), lt(parcelPlans.cutOffAt, now)),
          ),
        ),
      );
    // one with no sailing within reach yet is given one silently when there is room
    const missed = (row: (typeof rows)[number]) =>
      row.state === 'at-depot' && row.sailingDate !== null;
    return moveParcels(tx, rows, now, site, {
      record: (row) =>
        missed(row)
          ? { movedBy: 'missed', movedFrom: row.sailingDate, reason: '', exceptionId: null }
          : {
              movedBy: row.movedBy as MovedBy | null,
              movedFrom: row.movedFrom,
              reason: row.reason,
              exceptionId: row.exceptionId,
            },
      headline: (theirs) => ({ kind: 'missed', sailing: dayInWords(theirs[0].sailingDate ?? '') }),
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
    const { moved, told } = await moveMissedParcels(app.database.db, app.clock.now(), app.config);
    if (moved) app.log.info({ moved, told }, 'parcels moved off missed sailings');
  });
}
