import { inArray, sql } from 'drizzle-orm';
import type { Island } from '../../../shared/islands';
import type { MovedBy, PlannedSailing } from '../../../shared/sailings/plan';
import { samePlan } from '../../../shared/sailings/plan';
import type { HOLD_REASONS, ParcelState } from '../../../shared/sailings/promise';
import { planInWords } from '../../../shared/sailings/promise-words';
import { orders, users } from '../../db/schema';
import { queueMails, type MailMessage } from '../../lib/mail';
import type { Site } from '../../config';
import type { Tx } from '../../db/client';
import { trackingUrlsOf } from '../../lib/tracking-codes';
import { sailingChangedEmail, type Headline } from './emails';
import {
  compiledAround,
  loadsOf,
  planInTurn,
  sailingColumns,
  sailingOf,
  type PlanRow,
} from './plans';

/**
 * Moving planned parcels to other sailings at once (docs/decisions/0049): a storm's cancelled or
 * changed sailing, its restoring, a sailing a parcel missed. The parcels are planned again in
 * turn (those ready at the depot first, the first come first served), the plans that changed
 * stored in one statement, and each customer told once, in one e-mail listing their parcels.
 * The caller holds the routes' lock (`lockRoutes(tx, 'update')`).
 */

/** What a moved parcel records, and what its customer is told. */
export interface Move {
  record(row: PlanRow): {
    movedBy: MovedBy | null;
    movedFrom: string | null;
    reason: string;
    exceptionId: number | null;
  };
  headline(rows: readonly PlanRow[]): Headline;
  /** Whether the customer is told of this parcel's move (else it moves silently). */
  tells(row: PlanRow): boolean;
}

/** A stored plan's parcel state, as the shared rule reads it. */
export const parcelStateOfPlan = (row: PlanRow): ParcelState =>
  row.state === 'held'
    ? { kind: 'held', reason: (row.holdReason ?? 'invoice') as (typeof HOLD_REASONS)[number] }
    : { kind: row.state === 'booked' ? 'booked' : 'at-depot' };

const readyFirst = (a: PlanRow, b: PlanRow) =>
  Number(b.state === 'at-depot') - Number(a.state === 'at-depot') ||
  a.readyAt.getTime() - b.readyAt.getTime() ||
  a.orderId - b.orderId;

interface Changed {
  row: PlanRow;
  planned: PlannedSailing;
  record: ReturnType<Move['record']>;
}

/** Stores the changed plans in one statement. */
async function storeMoves(tx: Tx, changed: readonly Changed[], now: Date) {
  if (changed.length === 0) return;
  const values = changed.map(({ row, planned, record }) => {
    const columns = sailingColumns(planned);
    return {
      order_id: row.orderId,
      route: columns.route,
      sailing_date: columns.sailingDate,
      onward_date: columns.onwardDate,
      cut_off_at: columns.cutOffAt?.toISOString() ?? null,
      departs_at: columns.departsAt?.toISOString() ?? null,
      earliest: columns.earliest,
      latest: columns.latest,
      reason: record.reason,
      moved_by: record.movedBy,
      moved_from: record.movedFrom,
      exception_id: record.exceptionId,
    };
  });
  await tx.execute(sql`
    update parcel_plans p set
      route = v.route, sailing_date = v.sailing_date, onward_date = v.onward_date,
      cut_off_at = v.cut_off_at, departs_at = v.departs_at, earliest = v.earliest,
      latest = v.latest, reason = v.reason, moved_by = v.moved_by, moved_from = v.moved_from,
      exception_id = v.exception_id, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      order_id integer, route text, sailing_date date, onward_date date,
      cut_off_at timestamptz, departs_at timestamptz, earliest date, latest date,
      reason text, moved_by text, moved_from date, exception_id integer)
    where p.order_id = v.order_id`);
}

/** One e-mail per customer whose parcels moved, each parcel with its new arrival in words. */
async function tellCustomers(
  tx: Tx,
  all: readonly Changed[],
  move: Move,
  now: Date,
  site: Site,
): Promise<number> {
  const changed = all.filter((c) => move.tells(c.row));
  if (changed.length === 0) return 0;
  const orderIds = changed.map((c) => c.row.orderId);
  const customerIds = [...new Set(changed.map((c) => c.row.customerId))];
  const [references, people, urls] = await Promise.all([
    tx
      .select({ id: orders.id, reference: orders.reference })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, customerIds)),
    trackingUrlsOf(tx, site, orderIds),
  ]);
  const referenceOf = new Map(references.map((r) => [r.id, r.reference]));
  const byCustomer = new Map<number, Changed[]>();
  for (const c of changed) {
    const list = byCustomer.get(c.row.customerId) ?? [];
    list.push(c);
    byCustomer.set(c.row.customerId, list);
  }
  const messages: MailMessage[] = [];
  for (const person of people) {
    if (!person.email || person.deletedAt) continue;
    const theirs = byCustomer.get(person.id) ?? [];
    messages.push(
      sailingChangedEmail(
        site,
        { email: person.email, firstName: person.firstName ?? '' },
        move.headline(theirs.map((c) => c.row)),
        theirs.map((c) => ({
          orderId: c.row.orderId,
          reference: referenceOf.get(c.row.orderId) ?? '',
          trackUrl: urls.get(c.row.orderId) ?? site.publicUrl,
          words: planInWords(
            {
              ...c.planned,
              state: parcelStateOfPlan(c.row),
              movedBy: null,
              movedFrom: null,
              reason: '',
            },
            now,
          ),
        })),
      ),
    );
  }
  await queueMails(tx, messages);
  return messages.length;
}

/**
 * Plans `rows` again at `now` and stores those whose sailing, days or reason changed; tells each
 * of their customers once. Returns how many parcels moved and how many customers were told.
 */
export async function moveParcels(
  tx: Tx,
  rows: readonly PlanRow[],
  now: Date,
  site: Site,
  move: Move,
): Promise<{ moved: number; told: number }> {
  if (rows.length === 0) return { moved: 0, told: 0 };
  const inTurn = [...rows].sort(readyFirst);
  const [compiled, loads] = await Promise.all([
    compiledAround(tx, now),
    loadsOf(
      tx,
      now,
      inTurn.map((r) => r.orderId),
    ),
  ]);
  const planned = planInTurn(
    compiled,
    inTurn.map((r) => ({ island: r.island as Island, state: parcelStateOfPlan(r) })),
    now,
    loads,
  );
  const changed: Changed[] = [];
  inTurn.forEach((row, i) => {
    const record = move.record(row);
    if (!samePlan(sailingOf(row), planned[i]) || record.reason !== row.reason) {
      changed.push({ row, planned: planned[i], record });
    }
  });
  await storeMoves(tx, changed, now);
  return { moved: changed.length, told: await tellCustomers(tx, changed, move, now, site) };
}
