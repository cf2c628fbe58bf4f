import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ConsolidationEstimate } from '../../../shared/api/consolidation';
import type { FittableBand } from '../../../shared/band-fit';
import {
  bookedParcel,
  CONSOLIDATABLE_ORDER_STATUSES,
  CONSOLIDATION_CATEGORY,
  CONSOLIDATION_MESSAGES,
  consolidationPrice,
  consolidationProblem,
  combinedParcel,
  MISSING_PARCEL_DAYS_SETTING,
  missingParcelDaysOf,
  REPACK_EXTRA_CODE,
  type ConsolidationPrice,
} from '../../../shared/consolidation';
import { sumPence, toPounds } from '../../../shared/money';
import {
  consignmentOrders,
  orderExtras,
  orders,
  parcels,
  products,
  settings,
  type ConsignmentPrice,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { bookedCarriage, offeredBands } from '../depot/receiving';
import type { Tx } from '../../db/client';

/**
 * What a customer's choice of bookings is and what shipping it together costs (decision 0041,
 * docs/decisions/0041): the two settings consolidation reads (the catalogue's repacking charge, the
 * days a parcel may be late), the bookings' facts with their open consignment, and the choice
 * checked and priced into the estimate the customer sees before asking (estimateConsolidation).
 */

type OrderRow = typeof orders.$inferSelect;
export type Band = FittableBand & { Code: string; Name: string };

// --- settings -----------------------------------------------------------------------------------

/** The catalogue's repacking charge (its extra `consolidation-repack`), in pence. */
export async function repackPence(tx: Tx): Promise<number> {
  const [extra] = await tx
    .select({ pricePence: orderExtras.pricePence })
    .from(orderExtras)
    .where(eq(orderExtras.code, REPACK_EXTRA_CODE));
  return extra?.pricePence ?? 0;
}

/** The Consolidation setting: days a parcel may be late before the rest may go without it. */
export async function missingParcelDays(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(
        eq(settings.category, CONSOLIDATION_CATEGORY),
        eq(settings.name, MISSING_PARCEL_DAYS_SETTING),
      ),
    );
  if (!row) return missingParcelDaysOf(undefined);
  try {
    return missingParcelDaysOf(JSON.parse(row.value));
  } catch {
    return missingParcelDaysOf(undefined);
  }
}

// --- reading ------------------------------------------------------------------------------------

interface BookingFacts {
  order: OrderRow;
  bandName: string | null;
  arrived: boolean;
  dispatched: boolean;
  /** The open consignment it is in, if any. */
  consignmentId: number | null;
}

/** A customer's bookings (or the given ones) with their parcel and open consignment. */
export async function bookingFacts(
  tx: Tx,
  where: { customerId?: number; orderIds?: readonly number[] },
  lock = false,
): Promise<BookingFacts[]> {
  if (lock && where.orderIds) {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, [...where.orderIds]))
      .orderBy(asc(orders.id))
      .for('update');
  }
  const rows = await tx
    .select({
      order: orders,
      bandName: products.name,
      parcelId: parcels.id,
      dispatchedAt: parcels.dispatchedAt,
      consignmentId: consignmentOrders.consignmentId,
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(parcels, eq(parcels.orderId, orders.id))
    .leftJoin(
      consignmentOrders,
      and(eq(consignmentOrders.orderId, orders.id), isNull(consignmentOrders.releasedAt)),
    )
    .where(
      and(
        where.customerId === undefined ? undefined : eq(orders.customerId, where.customerId),
        where.orderIds === undefined
          ? inArray(orders.status, [...CONSOLIDATABLE_ORDER_STATUSES])
          : inArray(orders.id, [...where.orderIds]),
      ),
    )
    .orderBy(asc(orders.id));
  return rows.map((r) => ({
    order: r.order,
    bandName: r.bandName,
    arrived: r.parcelId !== null,
    dispatched: r.dispatchedAt !== null,
    consignmentId: r.consignmentId,
  }));
}

export const candidate = (b: BookingFacts) => ({
  id: b.order.id,
  reference: b.order.reference,
  customerId: b.order.customerId,
  island: b.order.island,
  status: b.order.status,
  dispatched: b.dispatched,
  inConsignment: b.consignmentId !== null,
});

/** What was paid for a booking's carriage and its parcel's size for the estimate. */
export async function carriageOf(tx: Tx, order: OrderRow) {
  const booked = await bookedCarriage(tx, order);
  return {
    paidPence: booked.paidPence,
    parcel: bookedParcel(booked.band, booked.declared ?? null, booked.paidPence),
  };
}

export const toBand = (
  price: Extract<ConsolidationPrice<Band>, { kind: 'priced' }>,
): ConsignmentPrice => ({
  bandId: price.band.Id,
  bandCode: price.band.Code,
  bandName: price.band.Name,
  crossingPence: price.crossingPence,
  repackPence: price.repackPence,
  paidPence: price.paidPence,
  differencePence: price.differencePence,
});

export const estimateView = (p: ConsignmentPrice): ConsolidationEstimate => ({
  Band: { Id: p.bandId, Code: p.bandCode, Name: p.bandName },
  Crossing: toPounds(p.crossingPence),
  Repacking: toPounds(p.repackPence),
  Paid: toPounds(p.paidPence),
  Difference: toPounds(p.differencePence),
});

/** Checks a customer's choice and prices it: the facts, and the estimate (409 when too big). */
export async function priceChoice(
  tx: Tx,
  customerId: number,
  orderIds: readonly number[],
  lock = false,
) {
  const facts = await bookingFacts(tx, { orderIds }, lock);
  if (facts.length !== orderIds.length || facts.some((f) => f.order.customerId !== customerId)) {
    throw new HttpError(404, CONSOLIDATION_MESSAGES.notYours);
  }
  const problem = consolidationProblem(customerId, facts.map(candidate));
  if (problem) {
    throw new HttpError(problem === CONSOLIDATION_MESSAGES.tooFew ? 400 : 409, problem, [
      { field: 'OrderIds', error: problem },
    ]);
  }
  const carriage = await Promise.all(facts.map((f) => carriageOf(tx, f.order)));
  const parcelsOf = carriage.map((c) => c.parcel);
  if (parcelsOf.some((p) => p === null)) throw new HttpError(409, CONSOLIDATION_MESSAGES.tooBig);
  const price = consolidationPrice<Band>(
    combinedParcel(parcelsOf as NonNullable<(typeof parcelsOf)[number]>[]),
    sumPence(carriage.map((c) => c.paidPence)),
    await repackPence(tx),
    await offeredBands(tx),
  );
  if (price.kind === 'too-big') throw new HttpError(409, CONSOLIDATION_MESSAGES.tooBig);
  return { facts, carriage, price: toBand(price) };
}

export async function estimateConsolidation(tx: Tx, customerId: number, orderIds: number[]) {
  return estimateView((await priceChoice(tx, customerId, orderIds)).price);
}
