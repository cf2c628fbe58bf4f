import { and, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Island } from '../../../shared/islands';
import type { MovedBy, PlannedSailing, PlanState } from '../../../shared/sailings/plan';
import { samePlan } from '../../../shared/sailings/plan';
import type { HOLD_REASONS, ParcelState } from '../../../shared/sailings/promise';
import { parcelPlans, sailingNotices, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Headline } from './emails';
import { compiledAround, loadsWithout, planInTurn, sailingColumns, type PlanRow } from './plans';

/**
 * Moving planned parcels to other sailings at once (docs/decisions/0049, 0054): a storm's
 * cancelled or changed sailing, its restoring, a change to the timetable, a sailing a parcel
 * missed. The plans are read in one row (the database sorts them: those ready at the depot
 * first, the first come first served), planned again in turn by the shared rule, and the plans
 * that changed stored in one statement, grouped by their new plan (a storm of 10,000 parcels is
 * a handful of groups). The customers to tell are written as one notice in the same transaction;
 * their e-mails are rendered and queued after the commit (./notices.ts), one per customer.
 * The caller holds the routes' lock (`lockRoutes(tx, 'update')`).
 */

/** A plan as a move reads it. */
export interface MovingPlan {
  orderId: number;
  customerId: number;
  island: Island;
  state: PlanState;
  holdReason: string | null;
  plan: PlannedSailing;
  reason: string;
  movedBy: MovedBy | null;
  movedFrom: string | null;
  exceptionId: number | null;
}

/** What a moved parcel records. */
export type MoveRecord = Pick<MovingPlan, 'movedBy' | 'movedFrom' | 'reason' | 'exceptionId'>;

/** What a moved parcel records, and what its customer is told. */
export interface Move {
  record(row: MovingPlan): MoveRecord;
  /** Why it moved, as its customer's e-mail opens (their first parcel's, when they have several). */
  headline(row: MovingPlan): Headline;
  /** Whether the customer is told of this parcel's move to `planned` (else it moves silently). */
  tells(row: MovingPlan, planned: PlannedSailing): boolean;
}

/** A stored plan's parcel state, as the shared rule reads it. */
export const parcelStateOfPlan = (row: Pick<PlanRow, 'state' | 'holdReason'>): ParcelState =>
  row.state === 'held'
    ? { kind: 'held', reason: (row.holdReason ?? 'invoice') as (typeof HOLD_REASONS)[number] }
    : { kind: row.state === 'booked' ? 'booked' : 'at-depot' };

/** Moved parcels with one new plan, one record and, when told, one headline. */
export interface NoticeGroup {
  planned: PlannedSailing;
  record: MoveRecord;
  state: ParcelState;
  /** Null: moved silently. */
  headline: Headline | null;
  /** [order id, customer id] of each parcel, in turn. */
  parcels: [number, number][];
}

type Packed = [
  number,
  number,
  Island,
  PlanState,
  string | null,
  Island | null,
  string | null,
  string | null,
  number | null,
  number | null,
  string | null,
  string | null,
  string,
  MovedBy | null,
  string | null,
  number | null,
];

/** The open plans `where` picks, in turn, read as one JSON value (10,000 rows cost one). */
async function readInTurn(tx: Tx, where: SQL): Promise<MovingPlan[]> {
  const result = await tx.execute(sql`
    select coalesce(json_agg(json_build_array(order_id, customer_id, island, state, hold_reason,
      route, sailing_date, onward_date,
      (extract(epoch from cut_off_at) * 1000)::bigint, (extract(epoch from departs_at) * 1000)::bigint,
      earliest, latest, reason, moved_by, moved_from, exception_id)
      order by (state = 'at-depot') desc, ready_at, order_id), '[]') as plans
    from ${parcelPlans} where ${where}`);
  const [{ plans }] = (result as unknown as { rows: { plans: Packed[] | string }[] }).rows;
  const packed = typeof plans === 'string' ? (JSON.parse(plans) as Packed[]) : plans;
  return packed.map((p) => ({
    orderId: p[0],
    customerId: p[1],
    island: p[2],
    state: p[3],
    holdReason: p[4],
    plan: {
      route: p[5],
      sailingDate: p[6],
      onwardDate: p[7],
      cutOffAt: p[8] === null ? null : Number(p[8]),
      departsAt: p[9] === null ? null : Number(p[9]),
      earliest: p[10],
      latest: p[11],
    },
    reason: p[12],
    movedBy: p[13],
    movedFrom: p[14],
    exceptionId: p[15],
  }));
}

/** Stores the changed plans in one statement, a group's parcels by their ids. */
async function storeMoves(tx: Tx, groups: readonly NoticeGroup[], now: Date) {
  if (groups.length === 0) return;
  const values = groups.map(({ planned, record, parcels }) => {
    const columns = sailingColumns(planned);
    return {
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
      ids: parcels.map(([orderId]) => orderId),
    };
  });
  await tx.execute(sql`
    update parcel_plans p set
      route = v.route, sailing_date = v.sailing_date, onward_date = v.onward_date,
      cut_off_at = v.cut_off_at, departs_at = v.departs_at, earliest = v.earliest,
      latest = v.latest, reason = v.reason, moved_by = v.moved_by, moved_from = v.moved_from,
      exception_id = v.exception_id, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      route text, sailing_date date, onward_date date,
      cut_off_at timestamptz, departs_at timestamptz, earliest date, latest date,
      reason text, moved_by text, moved_from date, exception_id integer, ids jsonb)
    cross join lateral jsonb_array_elements(v.ids) as o(id)
    where p.order_id = (o.id)::integer`);
}

/**
 * Writes the notice of the told groups (./notices.ts sends it after the commit). Answers how
 * many customers it will tell: those with an address, one e-mail each.
 */
async function noteCustomers(tx: Tx, groups: readonly NoticeGroup[], now: Date) {
  const told = groups.filter((g) => g.headline !== null);
  if (told.length === 0) return 0;
  const customers = [...new Set(told.flatMap((g) => g.parcels.map(([, c]) => c)))];
  // the customers named in one parameter: thousands of them in a storm
  const named = sql`(select (jsonb_array_elements_text(${JSON.stringify(customers)}::jsonb))::int)`;
  const [[{ n }]] = await Promise.all([
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(inArray(users.id, named), isNotNull(users.email), isNull(users.deletedAt))),
    tx.insert(sailingNotices).values({ at: now, groups: told }),
  ]);
  return n;
}

/** Headlines said once as text (a storm's one headline is one object: said once). */
const headlineKeys = new WeakMap<Headline, string>();
const headlineKey = (h: Headline | null) => {
  if (!h) return '';
  let key = headlineKeys.get(h);
  if (key === undefined) headlineKeys.set(h, (key = JSON.stringify(h)));
  return key;
};

/** The group of a moved parcel: its new plan, what it records, its state, what it is told. */
const groupKey = (p: PlannedSailing, r: MoveRecord, row: MovingPlan, h: Headline | null) =>
  `${p.route}|${p.sailingDate}|${p.onwardDate}|${p.cutOffAt}|${p.departsAt}|${p.earliest}|${p.latest}|${r.movedBy}|${r.movedFrom}|${r.exceptionId}|${r.reason}|${row.state}|${row.holdReason}|${headlineKey(h)}`;

const sameTimes = (a: PlannedSailing, b: PlannedSailing) =>
  a.cutOffAt === b.cutOffAt && a.departsAt === b.departsAt;

/**
 * Plans the open parcels `where` picks again at `now` and stores those whose sailing, days,
 * times or reason changed; notes each told customer once. Answers how many parcels moved and
 * how many customers will be told.
 */
export async function moveParcels(
  tx: Tx,
  where: SQL,
  now: Date,
  move: Move,
): Promise<{ moved: number; told: number }> {
  const inTurn = await readInTurn(tx, where);
  if (inTurn.length === 0) return { moved: 0, told: 0 };
  const [compiled, loads] = await Promise.all([
    compiledAround(tx, now),
    loadsWithout(tx, now, inTurn),
  ]);
  const planned = planInTurn(
    compiled,
    inTurn.map((r) => ({ island: r.island, state: parcelStateOfPlan(r) })),
    now,
    loads,
  );
  const groups = new Map<string, NoticeGroup>();
  let moved = 0;
  inTurn.forEach((row, i) => {
    const record = move.record(row);
    const changed = !samePlan(row.plan, planned[i]) || record.reason !== row.reason;
    if (!changed && sameTimes(row.plan, planned[i])) return;
    moved += 1;
    const state = parcelStateOfPlan(row);
    const headline = changed && move.tells(row, planned[i]) ? move.headline(row) : null;
    const key = groupKey(planned[i], record, row, headline);
    const group = groups.get(key);
    if (group) group.parcels.push([row.orderId, row.customerId]);
    else {
      groups.set(key, {
        planned: planned[i],
        record,
        state,
        headline,
        parcels: [[row.orderId, row.customerId]],
      });
    }
  });
  const all = [...groups.values()];
  await storeMoves(tx, all, now);
  return { moved, told: await noteCustomers(tx, all, now) };
}
