import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  Consignment,
  ConsolidationBooking,
  ConsolidationEstimate,
  ConsolidationOverview,
  StaffConsignment,
} from '../../../shared/api/consolidation';
import { cmToMm, kgToGrams } from '../../../shared/api/depot';
import type { FittableBand } from '../../../shared/band-fit';
import { carrierOf, trackingLink, type CarrierId } from '../../../shared/carriers';
import {
  bookedParcel,
  canCancelConsignment,
  CONSOLIDATABLE_ORDER_STATUSES,
  CONSOLIDATION_CATEGORY,
  CONSOLIDATION_MESSAGES,
  consignmentReference,
  consolidationGroups,
  consolidationPrice,
  consolidationProblem,
  combinedParcel,
  isParcelLate,
  MISSING_PARCEL_DAYS_SETTING,
  missingParcelDaysOf,
  OPEN_CONSIGNMENT_STATUSES,
  REPACK_EXTRA_CODE,
  splitRefund,
  type ConsignmentStatus,
  type ConsolidationPrice,
} from '../../../shared/consolidation';
import { formatMoney, sumPence, toPounds } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/order-status';
import {
  consignmentOrders,
  consignments,
  invoices,
  orderExtras,
  orders,
  parcels,
  products,
  refunds,
  settings,
  users,
  type ConsignmentPrice,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { customsProblems } from '../depot/customs';
import { sailingGst } from '../depot/sailing-gst';
import { chargeStorageAfterWait } from '../depot/storage-charges';
import { CONSIGNMENT_WAITS } from '../../../shared/storage';
import { ukDay } from '../../../shared/customs';
import { bookedCarriage, DISPATCHABLE, offeredBands, sailingDay } from '../depot/service';
import {
  freshMembers,
  lockConsignment,
  membersOf,
  move,
  releaseAll,
  tell,
  type ConsignmentRow,
} from './core';
import { raiseInvoice, toInvoice, voidInvoice } from '../invoices/service';
import { recordOrderEvent, transitionOrders, type Actor, type Tx } from '../orders/lifecycle';
import { reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { audit } from '../staff/audit';
import {
  consolidationCancelledEmail,
  consolidationDispatchedEmail,
  consolidationLateEmail,
  consolidationLeftOutEmail,
  consolidationRepackingEmail,
  consolidationRequestedEmail,
  consolidationReversedEmail,
} from './emails';

/**
 * Consolidation's use cases (issue 26, docs/decisions/0041). Each runs in one transaction that
 * locks the consignment row, moves it through the shared lifecycle
 * (src/shared/consolidation.ts) only from the status it was seen in, notes the step on each
 * order's timeline, writes the audit entry (the customer or the staff member as actor) and queues
 * the customer's e-mail. Money: the difference is settled in the dispatch's transaction, which
 * moves the consignment to dispatched exactly once (a second request finds it dispatched: 409);
 * a refund is reserved there (payments/refunds.ts) and sent to the provider after the commit with
 * its own idempotency key, so a retry, a kill -9 or the follow-up job never gives it twice.
 */

type OrderRow = typeof orders.$inferSelect;
type Band = FittableBand & { Code: string; Name: string };

// --- settings -----------------------------------------------------------------------------------

/** The catalogue's repacking charge (its extra `consolidation-repack`), in pence. */
async function repackPence(tx: Tx): Promise<number> {
  const [extra] = await tx
    .select({ pricePence: orderExtras.pricePence })
    .from(orderExtras)
    .where(eq(orderExtras.code, REPACK_EXTRA_CODE));
  return extra?.pricePence ?? 0;
}

/** The Consolidation setting: days a parcel may be late before the rest may go without it. */
async function missingParcelDays(tx: Tx): Promise<number> {
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
async function bookingFacts(
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

const candidate = (b: BookingFacts) => ({
  id: b.order.id,
  reference: b.order.reference,
  customerId: b.order.customerId,
  island: b.order.island,
  status: b.order.status,
  dispatched: b.dispatched,
  inConsignment: b.consignmentId !== null,
});

/** What was paid for a booking's carriage and its parcel's size for the estimate. */
async function carriageOf(tx: Tx, order: OrderRow) {
  const booked = await bookedCarriage(tx, order);
  return {
    paidPence: booked.paidPence,
    parcel: bookedParcel(booked.band, booked.declared ?? null, booked.paidPence),
  };
}

const toBand = (
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

const estimateView = (p: ConsignmentPrice): ConsolidationEstimate => ({
  Band: { Id: p.bandId, Code: p.bandCode, Name: p.bandName },
  Crossing: toPounds(p.crossingPence),
  Repacking: toPounds(p.repackPence),
  Paid: toPounds(p.paidPence),
  Difference: toPounds(p.differencePence),
});

/** Checks a customer's choice and prices it: the facts, and the estimate (409 when too big). */
async function priceChoice(tx: Tx, customerId: number, orderIds: readonly number[], lock = false) {
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

async function toViews(tx: Tx, rows: readonly ConsignmentRow[], now: Date): Promise<Consignment[]> {
  const members = await membersOf(
    tx,
    rows.map((r) => r.id),
  );
  const days = await missingParcelDays(tx);
  const ids = rows.map((r) => r.id);
  const refundRows = ids.length
    ? await tx
        .select({
          consignmentId: refunds.consignmentId,
          status: refunds.status,
          pence: sql<number>`sum(${refunds.amountPence})`.mapWith(Number),
        })
        .from(refunds)
        .where(inArray(refunds.consignmentId, ids))
        .groupBy(refunds.consignmentId, refunds.status)
    : [];
  const invoiceIds = rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : []));
  const invoiceRows = invoiceIds.length
    ? await tx
        .select({ invoice: invoices, reference: orders.reference })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(inArray(invoices.id, invoiceIds))
    : [];
  return rows.map((row) => {
    const list = members.get(row.id) ?? [];
    const refunded = (status: string) =>
      refundRows.find((r) => r.consignmentId === row.id && r.status === status)?.pence ?? 0;
    const invoice = invoiceRows.find((i) => i.invoice.id === row.invoiceId);
    const bookings: ConsolidationBooking[] = list.map((m) => ({
      OrderId: m.orderId,
      Reference: m.order.reference,
      Status: m.order.status,
      Island: m.order.island,
      Description: m.order.description,
      RetailerName: m.order.retailerName,
      Band: m.bandName,
      Paid: toPounds(m.paidPence),
      Arrived: m.arrived,
      Late:
        row.status === 'awaiting parcels' &&
        m.releasedAt === null &&
        !m.arrived &&
        isParcelLate(row.createdAt, now, days),
      LeftOut: m.leftOut,
    }));
    return {
      Id: row.id,
      Reference: consignmentReference(row.id),
      Status: row.status,
      Island: row.island,
      Requested: row.createdAt.toISOString(),
      Bookings: bookings,
      Estimate: row.estimate ? estimateView(row.estimate) : null,
      Box:
        row.weightGrams && row.lengthMm && row.widthMm && row.heightMm
          ? {
              Weight: row.weightGrams,
              Length: row.lengthMm,
              Width: row.widthMm,
              Height: row.heightMm,
            }
          : null,
      Final: row.final ? estimateView(row.final) : null,
      Carrier: row.carrier,
      TrackingNumber: row.trackingNumber,
      TrackingUrl:
        row.carrier && row.trackingNumber ? trackingLink(row.carrier, row.trackingNumber) : null,
      Dispatched: row.dispatchedAt?.toISOString() ?? null,
      Refunded: toPounds(refunded('succeeded')),
      RefundPending: toPounds(refunded('pending')),
      Invoice: invoice ? toInvoice(invoice.invoice, invoice.reference) : null,
      Reversed: row.reversedAt?.toISOString() ?? null,
      CanCancel: canCancelConsignment(row.status),
      Cancelled: row.cancelledAt?.toISOString() ?? null,
    };
  });
}

/** The customer's page: what could go together, and their consolidations (newest first). */
export async function consolidationOverview(
  tx: Tx,
  customerId: number,
  now: Date,
): Promise<ConsolidationOverview> {
  const facts = await bookingFacts(tx, { customerId });
  const paid = new Map<number, number>();
  for (const f of facts) paid.set(f.order.id, (await carriageOf(tx, f.order)).paidPence);
  const groups = consolidationGroups(facts.map((f) => ({ ...candidate(f), facts: f })));
  const rows = await tx
    .select()
    .from(consignments)
    .where(eq(consignments.customerId, customerId))
    .orderBy(desc(consignments.id))
    .limit(50);
  return {
    Eligible: groups.map((g) => ({
      Island: g.island,
      Bookings: g.bookings.map(({ facts: f }) => ({
        OrderId: f.order.id,
        Reference: f.order.reference,
        Status: f.order.status,
        Island: f.order.island,
        Description: f.order.description,
        RetailerName: f.order.retailerName,
        Band: f.bandName,
        Paid: toPounds(paid.get(f.order.id) ?? 0),
        Arrived: f.arrived,
        Late: false,
        LeftOut: false,
      })),
    })),
    Consolidations: await toViews(tx, rows, now),
    Repacking: toPounds(await repackPence(tx)),
    MissingParcelDays: await missingParcelDays(tx),
  };
}

export async function customerConsignment(tx: Tx, customerId: number, id: number, now: Date) {
  const [row] = await tx
    .select()
    .from(consignments)
    .where(and(eq(consignments.id, id), eq(consignments.customerId, customerId)));
  if (!row) throw new HttpError(404, CONSOLIDATION_MESSAGES.noSuchConsignment);
  return (await toViews(tx, [row], now))[0];
}

// --- the steps ----------------------------------------------------------------------------------

const customerActor = (id: number): Actor => ({ type: 'customer', id });
const actorId = (actor: Actor) =>
  actor.type === 'staff' || actor.type === 'customer' ? (actor.id ?? null) : null;

/** The customer asks to ship the chosen bookings together (see the module's note). */
export async function requestConsolidation(
  app: FastifyInstance,
  customerId: number,
  orderIds: number[],
): Promise<Consignment> {
  const actor = customerActor(customerId);
  const now = app.clock.now();
  return app.database.db.transaction(async (tx) => {
    const { facts, carriage, price } = await priceChoice(tx, customerId, orderIds, true);
    const [created] = await tx
      .insert(consignments)
      .values({ customerId, island: facts[0].order.island, status: 'requested', estimate: price })
      .returning();
    await tx.insert(consignmentOrders).values(
      facts.map((f, i) => ({
        consignmentId: created.id,
        orderId: f.order.id,
        paidPence: carriage[i].paidPence,
      })),
    );
    for (const f of facts) {
      await recordOrderEvent(
        tx,
        f.order.id,
        actor,
        `Consolidation ${consignmentReference(created.id)}: requested`,
        { kind: 'note' },
      );
    }
    const allIn = facts.every((f) => f.arrived);
    const row = await move(tx, created, allIn ? 'ready' : 'awaiting parcels', actor, []);
    await audit(tx, {
      actorId: customerId,
      action: 'create',
      subject: 'Consignment',
      subjectId: row.id,
      after: { Status: row.status, Orders: orderIds, Estimate: price },
    });
    const members = await freshMembers(tx, row);
    await tell(tx, app.config, row, members, (to, c) =>
      consolidationRequestedEmail(
        app.config,
        to,
        c,
        { bandName: price.bandName, differencePence: price.differencePence },
        allIn,
      ),
    );
    return (await toViews(tx, [row], now))[0];
  });
}

/** Cancels a consignment (the customer's, or any for staff) until repacking starts. */
export async function cancelConsolidation(
  app: FastifyInstance,
  id: number,
  actor: Actor,
  reason = '',
): Promise<Consignment> {
  const now = app.clock.now();
  return app.database.db.transaction(async (tx) => {
    const row = await lockConsignment(
      tx,
      id,
      actor.type === 'customer' ? (actor.id ?? 0) : undefined,
    );
    if (!canCancelConsignment(row.status)) {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.notCancellable(row.status));
    }
    const members = await freshMembers(tx, row);
    const moved = await move(
      tx,
      row,
      'cancelled',
      actor,
      members.map((m) => m.orderId),
      { cancelledAt: now, cancelReason: reason },
    );
    await releaseAll(tx, row.id);
    // Cancelled while it waited for parcels: those in no longer wait for the customer, and their
    // storage of the wait is invoiced (decision 0037); from ready, they waited for the depot.
    if ((CONSIGNMENT_WAITS as readonly string[]).includes(row.status)) {
      await chargeStorageAfterWait(
        tx,
        members.map((m) => m.orderId),
        actor,
        app.config,
        now,
      );
    }
    await audit(tx, {
      actorId: actorId(actor),
      action: 'cancel',
      subject: 'Consignment',
      subjectId: row.id,
      before: { Status: row.status },
      after: { Status: 'cancelled', Reason: reason },
    });
    await tell(tx, app.config, moved, members, (to, c) =>
      consolidationCancelledEmail(app.config, to, c),
    );
    return (await toViews(tx, [moved], now))[0];
  });
}

/**
 * A late parcel's booking is left out at the customer's choice: it goes on its own; the rest go
 * on without it (ready when all are in). Fewer than two left: the consignment is cancelled.
 */
export async function leaveOut(
  app: FastifyInstance,
  customerId: number,
  id: number,
  orderId: number,
): Promise<Consignment> {
  const actor = customerActor(customerId);
  const now = app.clock.now();
  return app.database.db.transaction(async (tx) => {
    const row = await lockConsignment(tx, id, customerId);
    const members = await freshMembers(tx, row);
    const member = members.find((m) => m.orderId === orderId);
    if (row.status !== 'awaiting parcels' || !member || member.arrived) {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.notAwaited);
    }
    const days = await missingParcelDays(tx);
    if (!isParcelLate(row.createdAt, now, days)) {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.notOverdue(days));
    }
    await tx
      .update(consignmentOrders)
      .set({ releasedAt: now, leftOut: true })
      .where(and(eq(consignmentOrders.consignmentId, id), eq(consignmentOrders.orderId, orderId)));
    await recordOrderEvent(
      tx,
      orderId,
      actor,
      `Consolidation ${consignmentReference(id)}: left out (its parcel was late); it goes on its own`,
      { kind: 'note' },
    );
    const rest = members.filter((m) => m.orderId !== orderId);
    let moved = row;
    if (rest.length < 2) {
      moved = await move(
        tx,
        row,
        'cancelled',
        actor,
        rest.map((m) => m.orderId),
        {
          cancelledAt: now,
          cancelReason: 'Fewer than two bookings left',
        },
      );
      await releaseAll(tx, id);
    } else if (rest.every((m) => m.arrived)) {
      moved = await move(
        tx,
        row,
        'ready',
        actor,
        rest.map((m) => m.orderId),
      );
    }
    // No longer waiting for the late parcel: the others' storage of the wait is invoiced.
    if (moved.status !== row.status) {
      await chargeStorageAfterWait(
        tx,
        rest.map((m) => m.orderId),
        actor,
        app.config,
        now,
      );
    }
    await audit(tx, {
      actorId: customerId,
      action: 'leave-out',
      subject: 'Consignment',
      subjectId: id,
      before: { Status: row.status, Orders: members.map((m) => m.orderId) },
      after: { Status: moved.status, Orders: rest.map((m) => m.orderId), LeftOut: orderId },
    });
    await tell(tx, app.config, moved, rest, (to, c) =>
      consolidationLeftOutEmail(
        app.config,
        to,
        c,
        member.order.reference,
        moved.status === 'cancelled',
      ),
    );
    return (await toViews(tx, [moved], now))[0];
  });
}

/** Asks customers whose consignment waits on a late parcel whether the rest go without it, once. */
export async function askAboutLateParcels(app: FastifyInstance, now: Date): Promise<number> {
  const db = app.database.db;
  const days = await missingParcelDays(db);
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const waiting = await db
    .select({ id: consignments.id })
    .from(consignments)
    .where(
      and(
        eq(consignments.status, 'awaiting parcels'),
        isNull(consignments.lateAskedAt),
        sql`${consignments.createdAt} <= ${cutoff.toISOString()}`,
      ),
    )
    .orderBy(asc(consignments.id));
  let asked = 0;
  for (const { id } of waiting) {
    asked += await db.transaction(async (tx) => {
      const row = await lockConsignment(tx, id);
      if (row.status !== 'awaiting parcels' || row.lateAskedAt) return 0;
      await tx.update(consignments).set({ lateAskedAt: now }).where(eq(consignments.id, id));
      const members = await freshMembers(tx, row);
      const late = members.filter((m) => !m.arrived).map((m) => m.order.reference);
      await audit(tx, {
        actorId: null,
        action: 'ask-late',
        subject: 'Consignment',
        subjectId: id,
        after: { Late: late, Days: days },
      });
      await tell(tx, app.config, row, members, (to, c) =>
        consolidationLateEmail(app.config, to, c, late, days),
      );
      return 1;
    });
  }
  return asked;
}

const LATE_PARCELS_QUEUE = 'consolidation-late-parcels';

/** Runs the late-parcel question every hour on a worker node, by the app's clock. */
export async function scheduleLateParcelQuestions(app: FastifyInstance) {
  await app.jobs.define(
    LATE_PARCELS_QUEUE,
    { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
    async () => {
      const asked = await askAboutLateParcels(app, app.clock.now());
      if (asked) app.log.info({ asked }, 'consolidation: customers asked about late parcels');
    },
  );
  await app.jobs.schedule(LATE_PARCELS_QUEUE, '17 * * * *');
}

// --- the depot ----------------------------------------------------------------------------------

const LISTS: Record<'open' | 'dispatched' | 'cancelled', readonly ConsignmentStatus[]> = {
  open: OPEN_CONSIGNMENT_STATUSES,
  dispatched: ['dispatched'],
  cancelled: ['cancelled'],
};

export async function staffConsignments(
  tx: Tx,
  query: { state: 'open' | 'dispatched' | 'cancelled'; page: number; itemsPerPage: number },
  now: Date,
) {
  const where = inArray(consignments.status, [...LISTS[query.state]]);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(consignments)
    .where(where);
  const rows = await tx
    .select()
    .from(consignments)
    .where(where)
    .orderBy(query.state === 'open' ? asc(consignments.id) : desc(consignments.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  return {
    items: await staffViews(tx, rows, now),
    total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

async function staffViews(
  tx: Tx,
  rows: readonly ConsignmentRow[],
  now: Date,
): Promise<StaffConsignment[]> {
  const views = await toViews(tx, rows, now);
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const people = customerIds.length
    ? await tx
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          reference: users.reference,
        })
        .from(users)
        .where(inArray(users.id, customerIds))
    : [];
  return views.map((v, i) => {
    const person = people.find((p) => p.id === rows[i].customerId);
    const inIt = v.Bookings.filter((b) => !b.LeftOut);
    return {
      ...v,
      Customer: {
        Id: rows[i].customerId,
        Name: [person?.firstName, person?.lastName].filter(Boolean).join(' '),
        Reference: person?.reference ?? '',
      },
      Arrived: inIt.filter((b) => b.Arrived).length,
      Awaited: inIt.filter((b) => !b.Arrived).length,
      LateAsked: rows[i].lateAskedAt?.toISOString() ?? null,
    };
  });
}

export async function staffConsignment(tx: Tx, id: number, now: Date) {
  const [row] = await tx.select().from(consignments).where(eq(consignments.id, id));
  if (!row) throw new HttpError(404, CONSOLIDATION_MESSAGES.noSuchConsignment);
  return (await staffViews(tx, [row], now))[0];
}

const staffActor = (id: number): Actor => ({ type: 'staff', id });

/** The depot starts repacking a ready consignment: from now on it cannot be cancelled. */
export async function startRepacking(app: FastifyInstance, id: number, staffId: number) {
  const actor = staffActor(staffId);
  return app.database.db.transaction(async (tx) => {
    const row = await lockConsignment(tx, id);
    if (row.status !== 'ready')
      throw new HttpError(409, CONSOLIDATION_MESSAGES.notReady(row.status));
    const members = await freshMembers(tx, row);
    const moved = await move(
      tx,
      row,
      'repacking',
      actor,
      members.map((m) => m.orderId),
      {
        repackStartedAt: app.clock.now(),
        repackedBy: staffId,
      },
    );
    await audit(tx, {
      actorId: staffId,
      action: 'repack',
      subject: 'Consignment',
      subjectId: id,
      before: { Status: row.status },
      after: { Status: 'repacking' },
    });
    await tell(tx, app.config, moved, members, (to, c) =>
      consolidationRepackingEmail(app.config, to, c),
    );
    return staffConsignment(tx, id, app.clock.now());
  });
}

/**
 * The repacked box is weighed and measured (the receiving screen's fields and rules): its price,
 * one crossing in the smallest band it fits, is worked out and shown before it is dispatched.
 * May be measured again until dispatched.
 */
export async function measureBox(
  app: FastifyInstance,
  id: number,
  box: { WeightKg: number; LengthCm: number; WidthCm: number; HeightCm: number },
  staffId: number,
) {
  return app.database.db.transaction(async (tx) => {
    const row = await lockConsignment(tx, id);
    if (row.status !== 'repacking') {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.notRepacking(row.status));
    }
    const members = await freshMembers(tx, row);
    const measured = {
      weightGrams: kgToGrams(box.WeightKg),
      lengthMm: cmToMm(box.LengthCm),
      widthMm: cmToMm(box.WidthCm),
      heightMm: cmToMm(box.HeightCm),
    };
    const price = consolidationPrice<Band>(
      {
        size: { length: measured.lengthMm, width: measured.widthMm, height: measured.heightMm },
        weightGrams: measured.weightGrams,
      },
      sumPence(members.map((m) => m.paidPence)),
      row.estimate?.repackPence ?? (await repackPence(tx)),
      await offeredBands(tx),
    );
    if (price.kind === 'too-big') throw new HttpError(409, CONSOLIDATION_MESSAGES.boxTooBig);
    const final = toBand(price);
    await tx
      .update(consignments)
      .set({ ...measured, final, updatedAt: new Date() })
      .where(eq(consignments.id, id));
    await audit(tx, {
      actorId: staffId,
      action: 'measure',
      subject: 'Consignment',
      subjectId: id,
      before: row.final ? { Final: row.final } : null,
      after: { ...measured, Final: final },
    });
    return staffConsignment(tx, id, app.clock.now());
  });
}

/**
 * The box leaves on a sailing as one consignment with one tracking number: every order in it to
 * Shipped (its parcel carries the consignment's carrier and tracking number), and the difference
 * settled once, in this transaction: refunded over the bookings' payments (sent to the provider
 * after the commit) or invoiced when the box costs more than was paid.
 */
export async function dispatchConsignment(
  app: FastifyInstance,
  id: number,
  input: { sailingDate: Date; carrier: CarrierId; trackingNumber: string },
  staffId: number,
) {
  const actor = staffActor(staffId);
  const db = app.database.db;
  const reserved = await db.transaction(async (tx) => {
    const row = await lockConsignment(tx, id);
    if (row.status !== 'repacking') {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.notRepacking(row.status));
    }
    if (!row.final) throw new HttpError(409, 'Weigh and measure the repacked box first.');
    const members = await freshMembers(tx, row);
    const locked = await tx
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          members.map((m) => m.orderId),
        ),
      )
      .orderBy(asc(orders.id))
      .for('update');
    const wrong = locked.filter((o) => !DISPATCHABLE.includes(o.status as OrderStatus));
    if (wrong.length > 0) {
      throw new HttpError(
        409,
        `Nothing was dispatched: ${wrong.map((o) => `${o.reference} is ${o.status}`).join('; ')}.`,
      );
    }
    // The box's customs paperwork is its orders' item lines (issue 27): each must have them.
    const problems = await customsProblems(tx, locked);
    if (problems.length > 0) throw new HttpError(409, problems.join(' '));
    const moved = await move(tx, row, 'dispatched', actor, [], {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      dispatchedAt: input.sailingDate,
      dispatchedBy: staffId,
    });
    await tx
      .update(parcels)
      .set({
        dispatchedAt: input.sailingDate,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        dispatchedBy: staffId,
        updatedAt: new Date(),
      })
      .where(
        inArray(
          parcels.orderId,
          members.map((m) => m.orderId),
        ),
      );
    for (const order of locked) {
      await transitionOrders(
        tx,
        [order.id],
        order.status,
        'Shipped',
        actor,
        `In consolidation ${consignmentReference(id)}`,
        { carrier: input.carrier, trackingNumber: input.trackingNumber, consignmentId: id },
      );
    }
    const difference = row.final.differencePence;
    const refundRows: RefundRow[] = [];
    let invoice: { id: number; reference: string } | null = null;
    const reason = `Consolidation ${consignmentReference(id)}: one crossing in band ${row.final.bandCode}`;
    if (difference < 0) {
      const parts = splitRefund(
        -difference,
        members.map((m) => ({ orderId: m.orderId, paidPence: m.paidPence })),
      );
      if (!parts) throw new HttpError(409, 'The difference is more than the bookings paid.');
      for (const part of parts) {
        const order = locked.find((o) => o.id === part.orderId)!;
        refundRows.push(
          ...(await reserveRefunds(tx, order, part.amountPence, reason, actor, {
            consignmentId: id,
          })),
        );
      }
    } else if (difference > 0) {
      const raised = await raiseInvoice(
        tx,
        { orderId: members[0].orderId, amountPence: difference, reason, hold: false },
        actor,
      );
      invoice = { id: raised.Id, reference: raised.Reference };
      await tx.update(consignments).set({ invoiceId: raised.Id }).where(eq(consignments.id, id));
    }
    await audit(tx, {
      actorId: staffId,
      action: 'dispatch',
      subject: 'Consignment',
      subjectId: id,
      before: { Status: row.status },
      after: {
        Status: 'dispatched',
        Carrier: input.carrier,
        TrackingNumber: input.trackingNumber,
        SailingDate: input.sailingDate.toISOString(),
        Orders: members.map((m) => m.orderId),
        Difference: difference,
        Refunds: refundRows.map((r) => ({ Id: r.id, Amount: r.amountPence, OrderId: r.orderId })),
        Invoice: invoice?.reference ?? null,
      },
    });
    // The box's bookings, with the customer's other parcels on this sailing, are valued together
    // for island GST (decision 0035): one customer, one island, so at most one entry.
    const [together] = await sailingGst(
      tx,
      { sailingDate: ukDay(input.sailingDate), carrier: input.carrier },
      members.map((m) => m.orderId),
    );
    await tell(tx, app.config, moved, members, (to, c) =>
      consolidationDispatchedEmail(app.config, to, c, {
        carrierName: carrierOf(input.carrier)?.name ?? input.carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: trackingLink(input.carrier, input.trackingNumber),
        date: sailingDay(input.sailingDate),
        bandName: row.final!.bandName,
        differencePence: difference,
        invoice,
        gstWarning: together?.Warning ?? null,
      }),
    );
    return refundRows;
  });
  await sendRefunds(app, reserved, actor);
  return db.transaction((tx) => staffConsignment(tx, id, app.clock.now()));
}

/**
 * The office reverses the difference, once: a refund made is invoiced back (nothing can be taken
 * from a card), an unpaid invoice voided, a paid one refunded. Audited and e-mailed.
 */
export async function reverseDifference(
  app: FastifyInstance,
  id: number,
  reason: string,
  staffId: number,
) {
  const actor = staffActor(staffId);
  const db = app.database.db;
  const reserved = await db.transaction(async (tx) => {
    const row = await lockConsignment(tx, id);
    if (row.reversedAt) throw new HttpError(409, CONSOLIDATION_MESSAGES.alreadyReversed);
    if (row.status !== 'dispatched')
      throw new HttpError(409, CONSOLIDATION_MESSAGES.nothingToReverse);
    const members = await freshMembers(tx, row);
    const made = await tx.select().from(refunds).where(eq(refunds.consignmentId, id));
    // A refund the provider has not confirmed yet (the follow-up settles it) is neither given nor
    // failed: reversing now would invoice back too little, so the office waits for it.
    if (made.some((r) => r.status === 'pending'))
      throw new HttpError(409, CONSOLIDATION_MESSAGES.refundPending);
    const givenPence = sumPence(
      made.filter((r) => r.status === 'succeeded').map((r) => r.amountPence),
    );
    let what: string;
    let rows: RefundRow[] = [];
    let reversalInvoiceId: number | null = null;
    if (givenPence > 0) {
      const raised = await raiseInvoice(
        tx,
        {
          orderId: members[0].orderId,
          amountPence: givenPence,
          reason: `Reversal of the refund on consolidation ${consignmentReference(id)}: ${reason}`,
          hold: false,
        },
        actor,
      );
      reversalInvoiceId = raised.Id;
      what = `We corrected the refund of ${formatMoney(givenPence)} made on ${consignmentReference(id)}: ${reason}. Invoice ${raised.Reference} asks for it back, to pay at ${app.config.publicUrl}/dashboard/pay/${raised.Id}.`;
    } else if (row.invoiceId) {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId));
      if (invoice.status === 'unpaid') {
        await voidInvoice(tx, invoice.id, actor);
        what = `Invoice ${invoice.reference} for ${formatMoney(invoice.amountPence)} on ${consignmentReference(id)} is cancelled: ${reason}. There is nothing to pay.`;
      } else if (invoice.status === 'paid') {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, invoice.orderId))
          .for('update');
        rows = await reserveRefunds(
          tx,
          order,
          invoice.amountPence,
          `Reversal of ${invoice.reference} (consolidation ${consignmentReference(id)}): ${reason}`,
          actor,
          { consignmentId: id },
        );
        what = `We are refunding the ${formatMoney(invoice.amountPence)} you paid for invoice ${invoice.reference} on ${consignmentReference(id)}: ${reason}.`;
      } else {
        throw new HttpError(409, CONSOLIDATION_MESSAGES.nothingToReverse);
      }
    } else {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.nothingToReverse);
    }
    await tx
      .update(consignments)
      .set({
        reversedAt: app.clock.now(),
        reversedBy: staffId,
        reversalInvoiceId,
        updatedAt: new Date(),
      })
      .where(eq(consignments.id, id));
    for (const m of members) {
      await recordOrderEvent(
        tx,
        m.orderId,
        actor,
        `Consolidation ${consignmentReference(id)}: difference reversed: ${reason}`,
        {
          kind: 'note',
        },
      );
    }
    await audit(tx, {
      actorId: staffId,
      action: 'reverse',
      subject: 'Consignment',
      subjectId: id,
      before: { Refunded: givenPence, Invoice: row.invoiceId },
      after: {
        Reason: reason,
        ReversalInvoice: reversalInvoiceId,
        Refunds: rows.map((r) => ({ Id: r.id, Amount: r.amountPence })),
      },
    });
    await tell(tx, app.config, row, members, (to, c) =>
      consolidationReversedEmail(app.config, to, c, what),
    );
    return rows;
  });
  await sendRefunds(app, reserved, actor);
  return db.transaction((tx) => staffConsignment(tx, id, app.clock.now()));
}
