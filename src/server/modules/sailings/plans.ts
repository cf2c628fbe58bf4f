import { and, asc, eq, gte, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Island } from '../../../shared/islands';
import { ISLANDS } from '../../../shared/islands';
import { dayKey, londonTimeOf } from '../../../shared/sailings/london-time';
import { parcelStateOf } from '../../../shared/sailings/order-state';
import {
  plannedSailing,
  planStateOf,
  type PlannedSailing,
  type PlanState,
} from '../../../shared/sailings/plan';
import {
  compileAround,
  planParcels,
  sailingKey,
  type Loads,
  type ParcelState,
} from '../../../shared/sailings/promise';
import type { CompiledTimetable } from '../../../shared/sailings/timetable';
import type { Db } from '../../db/client';
import { builtOnce, isAnyOf } from '../../db/prepared';
import { orders, parcelPlans, parcels, sailingRoutes } from '../../db/schema';
import { timetableBetween } from './queries';

/**
 * Parcels planned onto sailings (docs/decisions/0049): each open parcel's sailing and promise are
 * stored, so the sailings' loads are counted from the plans (a parcel ready at the depot takes a
 * place; a booked or held one is promised against them without taking one), and the promise
 * anyone asks counts them. Planned again whenever an order's status changes (orders/lifecycle.ts).
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
type Reader = Pick<Db, 'select'>;
export type PlanRow = typeof parcelPlans.$inferSelect;

/**
 * Takes the routes' lock: shared by status changes planning parcels (they do not wait for one
 * another), exclusive for a change that moves many parcels (a storm, a missed sailing), so that
 * such a change is made, and its customers told, once, and no plan is written beside it.
 */
export async function lockRoutes(tx: Tx, mode: 'share' | 'update') {
  await routesLocked[mode](tx).execute();
}

// The statements every status change's planning sends, built once (db/prepared.ts), the orders'
// ids one array (`isAnyOf`).
const routesLock = (mode: 'share' | 'update') =>
  builtOnce((db: Reader) =>
    db
      .select({ island: sailingRoutes.island })
      .from(sailingRoutes)
      .orderBy(asc(sailingRoutes.island))
      .for(mode)
      .prepare(''),
  );
const routesLocked = { share: routesLock('share'), update: routesLock('update') };

const ordersToPlan = builtOnce((db: Reader) =>
  db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      island: orders.island,
      status: orders.status,
      parcelId: parcels.id,
      dispatchedAt: parcels.dispatchedAt,
    })
    .from(orders)
    .leftJoin(parcels, eq(parcels.orderId, orders.id))
    .where(isAnyOf(orders.id, 'ids'))
    .orderBy(asc(orders.id))
    .prepare(''),
);

const plansLocked = builtOnce((db: Reader) =>
  db
    .select()
    .from(parcelPlans)
    .where(isAnyOf(parcelPlans.orderId, 'ids'))
    .for('update')
    .prepare(''),
);

/** The timetable compiled around `now`, as the promise reads it. */
export async function compiledAround(tx: Reader, now: Date): Promise<CompiledTimetable> {
  const today = londonTimeOf(now.getTime()).day;
  return compileAround(await timetableBetween(tx, dayKey(today - 7), dayKey(today + 70)), now);
}

/**
 * The parcels ready at the depot planned on each sailing from a week ago on, by `sailingKey`,
 * leaving out `excluding` (the orders being planned again).
 */
export async function loadsOf(tx: Reader, now: Date, excluding: readonly number[] = []) {
  const from = dayKey(londonTimeOf(now.getTime()).day - 7);
  const firm = (date: typeof parcelPlans.sailingDate | typeof parcelPlans.onwardDate) =>
    and(
      eq(parcelPlans.state, 'at-depot'),
      gte(date, from),
      excluding.length > 0 ? notInArray(parcelPlans.orderId, [...excluding]) : undefined,
    );
  const n = sql<number>`count(*)`.mapWith(Number);
  const [sea, onward] = await Promise.all([
    tx
      .select({ island: parcelPlans.route, date: parcelPlans.sailingDate, n })
      .from(parcelPlans)
      .where(firm(parcelPlans.sailingDate))
      .groupBy(parcelPlans.route, parcelPlans.sailingDate),
    tx
      .select({ island: parcelPlans.island, date: parcelPlans.onwardDate, n })
      .from(parcelPlans)
      .where(and(firm(parcelPlans.onwardDate), isNotNull(parcelPlans.onwardDate)))
      .groupBy(parcelPlans.island, parcelPlans.onwardDate),
  ]);
  const loads: Loads = new Map();
  for (const r of [...sea, ...onward]) {
    if (!r.island || !r.date) continue;
    const key = sailingKey({ island: r.island as Island, date: r.date });
    loads.set(key, (loads.get(key) ?? 0) + r.n);
  }
  return loads;
}

/**
 * The loads less the plans being planned again (as `loadsOf` excluding them, without naming
 * thousands of ids to the database: a storm's).
 */
export async function loadsWithout(
  tx: Reader,
  now: Date,
  planning: readonly {
    state: string;
    island: Island;
    plan: { route: Island | null; sailingDate: string | null; onwardDate: string | null };
  }[],
) {
  const loads = await loadsOf(tx, now);
  const from = dayKey(londonTimeOf(now.getTime()).day - 7);
  const less = (island: Island | null, date: string | null) => {
    if (!island || !date || date < from) return;
    const key = sailingKey({ island, date });
    loads.set(key, (loads.get(key) ?? 0) - 1);
  };
  for (const p of planning) {
    if (p.state !== 'at-depot') continue;
    less(p.plan.route, p.plan.sailingDate);
    less(p.island, p.plan.onwardDate);
  }
  return loads;
}

/**
 * Plans parcels in turn, first come first served: one ready at the depot takes its place (and
 * fills `loads`); a booked or held one is promised against the loads without taking a place.
 */
export function planInTurn(
  compiled: CompiledTimetable,
  parcels: readonly { island: Island; state: ParcelState }[],
  now: Date,
  loads: Loads,
): PlannedSailing[] {
  const firm = parcels.every((p) => p.state.kind === 'at-depot');
  if (firm) return planParcels(compiled, parcels, now, loads).map(plannedSailing);
  return parcels.map((p) => {
    const into = p.state.kind === 'at-depot' ? loads : new Map(loads);
    return plannedSailing(planParcels(compiled, [p], now, into)[0]);
  });
}

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

/** A planned sailing as the row's columns. */
export const sailingColumns = (p: PlannedSailing) => ({
  ...p,
  cutOffAt: toDate(p.cutOffAt),
  departsAt: toDate(p.departsAt),
});

/** A row's planned sailing. */
export const sailingOf = (r: PlanRow): PlannedSailing => ({
  route: r.route as Island | null,
  sailingDate: r.sailingDate,
  onwardDate: r.onwardDate,
  cutOffAt: r.cutOffAt?.getTime() ?? null,
  departsAt: r.departsAt?.getTime() ?? null,
  earliest: r.earliest,
  latest: r.latest,
});

/**
 * Plans the orders again after their status changed, at `now`: a parcel that sailed, reached the
 * door, or whose order is over leaves the plan (keeping its promise, for the on-time rate);
 * an open one keeps its sailing while its state and that sailing stand, else it is given the next
 * sailing by the shared rule. A parcel's promise is measured from when it became ready to sail.
 */
export async function planOrders(tx: Tx, orderIds: readonly number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = [...orderIds];
  const rows = await ordersToPlan(tx).execute({ ids });
  await lockRoutes(tx, 'share');
  const existing = new Map((await plansLocked(tx).execute({ ids })).map((p) => [p.orderId, p]));
  let planning: { compiled: CompiledTimetable; loads: Loads } | undefined;
  for (const row of rows) {
    const before = existing.get(row.id);
    const island = ISLANDS.find((i) => i === row.island);
    const parcelState = parcelStateOf(row.status, Boolean(row.parcelId && !row.dispatchedAt));
    const base = {
      orderId: row.id,
      customerId: row.customerId,
      island: row.island,
      updatedAt: now,
    };
    if (!parcelState || !island) {
      const state: PlanState =
        row.status === 'Shipped' ? 'sailed' : row.status === 'Delivered' ? 'delivered' : 'closed';
      if (before?.state === state || (!before && state === 'closed')) continue;
      const ended = {
        state,
        ...(state === 'sailed'
          ? {
              dispatchedAt: row.dispatchedAt ?? now,
              promisedLatest: before?.promisedLatest ?? before?.latest ?? null,
            }
          : {}),
        ...(state === 'delivered' ? { deliveredAt: now } : {}),
      };
      await tx
        .insert(parcelPlans)
        .values({ ...base, readyAt: now, ...ended })
        .onConflictDoUpdate({ target: parcelPlans.orderId, set: { ...ended, updatedAt: now } });
      continue;
    }
    const state = planStateOf(parcelState);
    const stands =
      before &&
      before.state === state &&
      before.departsAt !== null &&
      before.departsAt.getTime() > now.getTime();
    if (stands) continue;
    planning ??= {
      compiled: await compiledAround(tx, now),
      loads: await loadsOf(tx, now, ids),
    };
    const [planned] = planInTurn(
      planning.compiled,
      [{ island, state: parcelState }],
      now,
      planning.loads,
    );
    const becameReady = state === 'at-depot' && before?.state !== 'at-depot';
    const fresh = {
      state,
      holdReason: parcelState.kind === 'held' ? parcelState.reason : null,
      readyAt: before?.state === state ? before.readyAt : now,
      ...sailingColumns(planned),
      reason: '',
      movedBy: null,
      movedFrom: null,
      exceptionId: null,
      promisedLatest: becameReady ? planned.latest : (before?.promisedLatest ?? null),
    };
    await tx
      .insert(parcelPlans)
      .values({ ...base, ...fresh })
      .onConflictDoUpdate({ target: parcelPlans.orderId, set: { ...fresh, updatedAt: now } });
  }
}
