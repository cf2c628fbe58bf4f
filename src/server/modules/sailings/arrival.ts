import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ArrivalView } from '../../../shared/api/sailing-plans';
import { ISLANDS } from '../../../shared/islands';
import type { OrderStatus } from '../../../shared/order-status';
import { parcelStateOf } from '../../../shared/sailings/order-state';
import { OPEN_PLAN_STATES, planStands, type MovedBy } from '../../../shared/sailings/plan';
import { planInWords } from '../../../shared/sailings/promise-words';
import type { Db } from '../../db/client';
import { orders, parcelPlans } from '../../db/schema';
import { parcelStateOfPlan } from './moves';
import { sailingOf, type PlanRow } from './plans';
import { arrivalNow } from './promises';

/**
 * A parcel's arrival as the customer sees it (docs/decisions/0049): its stored plan (the sailing,
 * the days, why it moved) while that plan stands; before it has one, or once its sailing or
 * cut-off has gone by and it waits to be planned again, the promise asked now.
 */

type Reader = Pick<Db, 'select'>;

/** A stored plan as the customer reads it. */
function planView(plan: PlanRow, now: Date): ArrivalView {
  const movedBy = plan.movedBy as MovedBy | null;
  return {
    Earliest: plan.earliest,
    Latest: plan.latest,
    Words: planInWords(
      {
        ...sailingOf(plan),
        state: parcelStateOfPlan(plan),
        movedBy,
        movedFrom: plan.movedFrom,
        reason: plan.reason,
      },
      now,
    ),
    Sailing: plan.sailingDate,
    Moved:
      movedBy && plan.movedFrom ? { From: plan.movedFrom, By: movedBy, Reason: plan.reason } : null,
  };
}

/** An order's arrival at `now`; null once it has sailed or the order is over. */
export async function arrivalOf(
  db: Reader,
  order: { id: number; island: string; status: OrderStatus },
  atDepot: boolean,
  now: Date,
): Promise<ArrivalView | null> {
  const state = parcelStateOf(order.status, atDepot);
  const island = ISLANDS.find((i) => i === order.island);
  if (!state || !island) return null;
  const [plan] = await db.select().from(parcelPlans).where(eq(parcelPlans.orderId, order.id));
  if (plan && planStands({ ...sailingOf(plan), state: plan.state }, now)) {
    return planView(plan, now);
  }
  const live = await arrivalNow(db, now, island, state);
  return {
    Earliest: live.Earliest,
    Latest: live.Latest,
    Words: live.Words,
    Sailing: live.Sailings[0]?.Date ?? null,
    Moved: null,
  };
}

/** The customer's open parcels moved to another sailing, newest first, and how many. */
export async function movedParcels(db: Db, customerId: number, now: Date, limit: number) {
  const where = and(
    eq(parcelPlans.customerId, customerId),
    inArray(parcelPlans.state, [...OPEN_PLAN_STATES]),
    isNotNull(parcelPlans.movedBy),
  );
  const [rows, total] = await Promise.all([
    db
      .select({ plan: parcelPlans, reference: orders.reference })
      .from(parcelPlans)
      .innerJoin(orders, eq(orders.id, parcelPlans.orderId))
      .where(where)
      .orderBy(desc(parcelPlans.orderId))
      .limit(limit),
    db.$count(parcelPlans, where),
  ]);
  return {
    items: rows.map((r) => ({
      Id: r.plan.orderId,
      Reference: r.reference,
      Arrival: planView(r.plan, now),
    })),
    total,
  };
}
