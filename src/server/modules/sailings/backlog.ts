import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Backlog } from '../../../shared/api/sailing-plans';
import { ISLANDS, type Island } from '../../../shared/islands';
import { dayKey, londonTimeOf, weekdayOf } from '../../../shared/sailings/london-time';
import { OPEN_PLAN_STATES, onTime, onTimeRates, deliveredOn } from '../../../shared/sailings/plan';
import type { Db } from '../../db/client';
import { orders, parcelPlans, parcels } from '../../db/schema';
import { compiledAround } from './plans';

/**
 * What the office and the depot see of the plan (docs/decisions/0049): each route's backlog
 * against its sailings' capacity, the parcels planned for each route's next sailing (dispatch
 * follows the plan), and the on-time rate of the parcels delivered.
 */

type Reader = Pick<Db, 'select'>;

/** How far ahead the backlog shows sailings with nothing planned on them. */
const EMPTY_SAILINGS_DAYS = 14;

const volumeCm3 = (l: number | null, w: number | null, h: number | null) =>
  l && w && h ? Math.round((l * w * h) / 1000) : null;

/** The open plans with their parcel's weight and size (measured at the depot, else as booked). */
async function openPlans(db: Reader) {
  const rows = await db
    .select({
      plan: parcelPlans,
      reference: orders.reference,
      weight: parcels.weightGrams,
      bookedWeight: orders.weightGrams,
      l: parcels.lengthMm,
      w: parcels.widthMm,
      h: parcels.heightMm,
      bl: orders.lengthMm,
      bw: orders.widthMm,
      bh: orders.heightMm,
    })
    .from(parcelPlans)
    .innerJoin(orders, eq(orders.id, parcelPlans.orderId))
    .leftJoin(parcels, eq(parcels.orderId, parcelPlans.orderId))
    .where(inArray(parcelPlans.state, [...OPEN_PLAN_STATES]))
    .orderBy(asc(parcelPlans.readyAt), asc(parcelPlans.orderId));
  return rows.map((r) => ({
    ...r.plan,
    reference: r.reference,
    weightGrams: r.weight ?? r.bookedWeight,
    volumeCm3: volumeCm3(r.l, r.w, r.h) ?? volumeCm3(r.bl, r.bw, r.bh),
  }));
}

type OpenPlan = Awaited<ReturnType<typeof openPlans>>[number];
const isOn = (p: OpenPlan, island: Island, date: string) =>
  (p.route === island && p.sailingDate === date) || (p.island === island && p.onwardDate === date);
const sum = (list: readonly OpenPlan[], f: (p: OpenPlan) => number | null) =>
  list.reduce((n, p) => n + (f(p) ?? 0), 0);
const readyFirst = (a: OpenPlan, b: OpenPlan) =>
  Number(b.state === 'at-depot') - Number(a.state === 'at-depot');

/** Each route's parcels waiting and the sailings they will take, against each one's capacity. */
export async function backlog(db: Reader, now: Date): Promise<Backlog> {
  const [compiled, plans] = await Promise.all([compiledAround(db, now), openPlans(db)]);
  const soon = now.getTime() + EMPTY_SAILINGS_DAYS * 86_400_000;
  return {
    Routes: ISLANDS.flatMap((island) => {
      const route = compiled.routes.get(island);
      if (!route) return [];
      const onRoute = plans.filter(
        (p) => (p.route === island || p.island === island) && p.sailingDate !== null,
      );
      const ready = onRoute.filter((p) => p.state === 'at-depot');
      const sailings = (compiled.sailings.get(island) ?? [])
        .map((s) => ({ s, on: plans.filter((p) => isOn(p, island, s.date)).sort(readyFirst) }))
        .filter(({ s, on }) => on.length > 0 || (s.departsAt > now.getTime() && s.departsAt < soon))
        .map(({ s, on }) => {
          const firm = on.filter((p) => p.state === 'at-depot');
          return {
            Date: s.date,
            Status: s.status,
            Reason: s.reason,
            CutOffAt: new Date(s.cutOffAt).toISOString(),
            DepartsAt: new Date(s.departsAt).toISOString(),
            Capacity: s.capacity,
            Planned: firm.length,
            WeightGrams: sum(firm, (p) => p.weightGrams),
            VolumeCm3: sum(firm, (p) => p.volumeCm3),
            Parcels: on.map((p) => ({
              OrderId: p.orderId,
              Reference: p.reference,
              Island: p.island,
              State: p.state as (typeof OPEN_PLAN_STATES)[number],
              WeightGrams: p.weightGrams,
              VolumeCm3: p.volumeCm3,
              Earliest: p.earliest,
              Latest: p.latest,
            })),
          };
        });
      return [
        {
          Island: island,
          Capacity: route.capacity,
          Waiting: ready.length,
          WeightGrams: sum(ready, (p) => p.weightGrams),
          VolumeCm3: sum(ready, (p) => p.volumeCm3),
          Unplanned: plans.filter((p) => p.island === island && p.sailingDate === null).length,
          Sailings: sailings,
        },
      ];
    }),
  };
}

/**
 * The next sailing of each route from Portsmouth (tonight's, on a sailing day) and the parcels
 * ready at the depot planned on it: what dispatch loads.
 */
export async function nextSailings(db: Reader, now: Date) {
  const [compiled, plans] = await Promise.all([compiledAround(db, now), openPlans(db)]);
  return [...compiled.routes.values()]
    .filter((route) => route.via === null)
    .flatMap((route) => {
      const next = (compiled.sailings.get(route.island) ?? []).find(
        (s) => s.status !== 'cancelled' && s.departsAt > now.getTime(),
      );
      if (!next) return [];
      return [
        {
          Route: route.island,
          Date: next.date,
          CutOffAt: new Date(next.cutOffAt).toISOString(),
          DepartsAt: new Date(next.departsAt).toISOString(),
          Capacity: next.capacity,
          OrderIds: plans
            .filter((p) => p.state === 'at-depot' && isOn(p, route.island, next.date))
            .map((p) => p.orderId),
        },
      ];
    });
}

/** Why a late parcel was late, as the office reads it. */
const lateReason = (p: { reason: string; movedBy: string | null }) =>
  p.reason ||
  (p.movedBy === 'missed' ? 'It missed its sailing' : '') ||
  'No reason recorded (late on the island)';

/** The on-time rate of the parcels delivered in the last `weeks` weeks (this one included). */
export async function onTimeReport(db: Reader, now: Date, weeks: number) {
  const today = londonTimeOf(now.getTime()).day;
  const from = dayKey(today - (weekdayOf(today) - 1) - 7 * (weeks - 1));
  const rows = await db
    .select({ plan: parcelPlans, reference: orders.reference })
    .from(parcelPlans)
    .innerJoin(orders, eq(orders.id, parcelPlans.orderId))
    .where(
      and(
        isNotNull(parcelPlans.deliveredAt),
        // a day early: London's midnight is 23:00 UTC in summer; the days are counted below
        gte(parcelPlans.deliveredAt, new Date(Date.parse(from) - 86_400_000)),
      ),
    )
    .orderBy(asc(parcelPlans.deliveredAt), asc(parcelPlans.orderId));
  const delivered = rows
    .map(({ plan, reference }) => ({
      island: plan.island,
      reference,
      promisedLatest: plan.promisedLatest,
      deliveredAt: plan.deliveredAt!.getTime(),
      reason: lateReason(plan),
    }))
    .filter((d) => deliveredOn(d.deliveredAt) >= from);
  return {
    From: from,
    Weeks: onTimeRates(delivered, ISLANDS).map((w) => ({
      Week: w.week,
      Island: w.island,
      Delivered: w.delivered,
      OnTime: w.onTime,
      Rate: w.delivered === 0 ? 0 : w.onTime / w.delivered,
    })),
    Late: delivered.flatMap((d) =>
      d.promisedLatest !== null && !onTime({ ...d, promisedLatest: d.promisedLatest })
        ? [
            {
              Reference: d.reference,
              Island: d.island,
              Promised: d.promisedLatest,
              Delivered: deliveredOn(d.deliveredAt),
              Reason: d.reason,
            },
          ]
        : [],
    ),
  };
}
