import { and, asc, eq, exists, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import {
  CONSIGNMENT_WAITS,
  storageClock,
  storageWait,
  type StorageWait,
  storageReminderDue,
  type StorageReminder,
} from '../../../shared/storage';
import {
  consignmentOrders,
  consignments,
  invoices,
  orderCases,
  orders,
  parcels,
  storageNotices,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import type { Site } from '../../config';
import { transitionOrders } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { cancelForAbandonedParcel } from '../consignments/core';
import { voidInvoice } from '../invoices/service';
import { audit } from '../../lib/audit';
import { parcelAbandonedEmail, storageAbandonSoonEmail, storageChargesSoonEmail } from './emails';
import { recipient } from '../../lib/recipient';
import { storageRules } from '../invoices/storage-charges';

/**
 * The storage clock (decision 0037; terms 10.2 and 10.3, rules in src/shared/storage.ts). A parcel
 * waits for its customer while it has no booking (unbooked, or unknown), its booking is held for
 * payment, or it waits in a consolidation request for the customer's other parcels
 * (`storageWait`); its clock runs from its arrival. The reminders go to its customer, each once
 * (a storage_notices row, taken in the e-mail's own transaction); a parcel may be treated as
 * abandoned only once its clock says so and a member of staff confirms, which is audited and
 * e-mailed (a booked one's booking is cancelled with it, decision 0037).
 */

const STORAGE_REMINDERS_QUEUE = 'storage-reminders';

/** The open consignment an order waits in for the customer's other parcels, by order. */
const waitingConsignment = and(
  isNull(consignmentOrders.releasedAt),
  inArray(consignments.status, [...CONSIGNMENT_WAITS]),
);

/**
 * Why each of these parcels waits for its customer (null: it does not), by parcel id: the one
 * rule of src/shared/storage.ts, given its order's status, the consignment its booking waits in
 * and an open dispute of its invoices.
 */
export async function storageWaitsOf(
  tx: Pick<Tx, 'select'>,
  rows: readonly {
    id: number;
    orderId: number | null;
    orderStatus: string | null;
    abandonedAt: Date | null;
    dispatchedAt: Date | null;
  }[],
): Promise<Map<number, StorageWait | null>> {
  const orderIds = rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId]));
  const [waits, disputes] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          tx
            .select({ orderId: consignmentOrders.orderId, status: consignments.status })
            .from(consignmentOrders)
            .innerJoin(consignments, eq(consignments.id, consignmentOrders.consignmentId))
            .where(and(inArray(consignmentOrders.orderId, orderIds), waitingConsignment)),
          tx
            .select({ orderId: orderCases.orderId })
            .from(orderCases)
            .where(
              and(
                inArray(orderCases.orderId, orderIds),
                eq(orderCases.kind, 'dispute'),
                ne(orderCases.status, 'Resolved'),
              ),
            ),
        ]);
  return new Map(
    rows.map((r) => [
      r.id,
      storageWait({
        booked: r.orderId !== null,
        orderStatus: r.orderStatus,
        consignmentStatus: waits.find((w) => w.orderId === r.orderId)?.status ?? null,
        disputed: disputes.some((d) => d.orderId === r.orderId),
        gone: r.abandonedAt !== null || r.dispatchedAt !== null,
      }),
    ]),
  );
}

/**
 * Sends the reminders due at `now` (app.clock in the job), once each: for each parcel waiting for
 * its customer (without a booking and with a known customer, or booked and waiting: held for an
 * unpaid invoice, or in a consolidation request), the one its clock says is due given those already sent, so a window missed while the
 * job did not run is caught up once (storageReminderDue). Answers how many were sent.
 */
export async function sendStorageReminders(
  app: Uses<'config' | 'database'>,
  now: Date,
): Promise<number> {
  const db = app.database.db;
  const rules = await storageRules(db);
  const candidates = await db
    .select({
      id: parcels.id,
      customerId: sql<number>`coalesce(${orders.customerId}, ${parcels.customerId})`,
      receivedAt: parcels.receivedAt,
      inboundTrackingNumber: parcels.inboundTrackingNumber,
      orderId: parcels.orderId,
      orderStatus: orders.status,
      orderReference: orders.reference,
      abandonedAt: parcels.abandonedAt,
      dispatchedAt: parcels.dispatchedAt,
    })
    .from(parcels)
    .leftJoin(orders, eq(orders.id, parcels.orderId))
    .where(
      and(
        isNull(parcels.abandonedAt),
        isNull(parcels.dispatchedAt),
        // Those that may wait (storageWaitsOf decides).
        or(
          and(isNull(parcels.orderId), isNotNull(parcels.customerId)),
          eq(orders.status, 'Awaiting Payment'),
          exists(
            db
              .select({ one: sql`1` })
              .from(consignmentOrders)
              .innerJoin(consignments, eq(consignments.id, consignmentOrders.consignmentId))
              .where(and(eq(consignmentOrders.orderId, parcels.orderId), waitingConsignment)),
          ),
        ),
      ),
    )
    .orderBy(asc(parcels.id));
  const waits = await storageWaitsOf(db, candidates);
  const waiting = candidates.filter((p) => waits.get(p.id));
  if (waiting.length === 0) return 0;
  const notices = await db
    .select({ parcelId: storageNotices.parcelId, kind: storageNotices.kind })
    .from(storageNotices)
    .where(
      inArray(
        storageNotices.parcelId,
        waiting.map((p) => p.id),
      ),
    );
  let sent = 0;
  for (const parcel of waiting) {
    const already = notices
      .filter((n) => n.parcelId === parcel.id)
      .map((n) => n.kind as StorageReminder);
    const due = storageReminderDue(parcel.receivedAt, now, rules, already);
    if (!due) continue;
    const clock = storageClock(parcel.receivedAt, now, rules);
    const wait = waits.get(parcel.id);
    const held =
      parcel.orderId === null || wait === 'unbooked' || !wait
        ? null
        : { id: parcel.orderId, reference: parcel.orderReference!, wait };
    sent += await db.transaction(async (tx) => {
      const taken = await tx
        .insert(storageNotices)
        .values({ parcelId: parcel.id, kind: due, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: storageNotices.id });
      if (taken.length === 0) return 0;
      const to = await recipient(tx, parcel.customerId);
      if (to) {
        await queueMail(
          tx,
          due === 'charges-soon'
            ? storageChargesSoonEmail(app.config, to, parcel, clock, held)
            : storageAbandonSoonEmail(app.config, to, parcel, clock, held),
        );
      }
      return 1;
    });
  }
  return sent;
}

/** Runs the reminders every hour on a worker node, by the app's clock. */
export async function scheduleStorageReminders(
  app: Uses<'clock' | 'config' | 'database' | 'jobs' | 'log'>,
) {
  await app.jobs.every(STORAGE_REMINDERS_QUEUE, '7 * * * *', async () => {
    const sent = await sendStorageReminders(app, app.clock.now());
    if (sent) app.log.info({ sent }, 'storage reminders sent');
  });
}

/**
 * A member of staff confirms that a parcel waiting for its customer is treated as abandoned: only
 * once its clock has passed the abandonment days (409 before, naming the date; 409 for a parcel
 * not waiting for its customer, or already abandoned). A booked one's booking is cancelled with
 * it (decision 0037): its unpaid invoices are voided (their payment pages closed by the caller
 * after the commit; `InvoiceIds`), a consolidation it waits in is cancelled, and what was paid for
 * its crossing is not refunded. Audited; the customer, if known, is told.
 */
export async function abandonParcel(
  tx: Tx,
  parcelId: number,
  actor: Actor & { type: 'staff' },
  now: Date,
  site: Site,
): Promise<{ voidedInvoiceIds: number[] }> {
  const [found] = await tx
    .select({ parcel: parcels, order: orders })
    .from(parcels)
    .leftJoin(orders, eq(orders.id, parcels.orderId))
    .where(eq(parcels.id, parcelId))
    .for('update', { of: parcels });
  if (!found) throw new HttpError(404, DEPOT_MESSAGES.noSuchParcel);
  const { parcel, order } = found;
  if (parcel.abandonedAt) throw new HttpError(409, DEPOT_MESSAGES.alreadyAbandoned);
  const wait = (await storageWaitsOf(tx, [{ ...parcel, orderStatus: order?.status ?? null }])).get(
    parcel.id,
  );
  if (!wait) throw new HttpError(409, DEPOT_MESSAGES.notWaitingNotAbandoned);
  const clock = storageClock(parcel.receivedAt, now, await storageRules(tx));
  if (clock.Phase !== 'abandonable') {
    throw new HttpError(409, DEPOT_MESSAGES.notYetAbandonable(clock.AbandonableFrom.slice(0, 10)));
  }
  await tx
    .update(parcels)
    .set({ abandonedAt: now, abandonedBy: actor.id ?? null, updatedAt: now })
    .where(eq(parcels.id, parcelId));
  const voidedInvoiceIds: number[] = [];
  if (order && wait !== 'unbooked') {
    const note = `Its parcel was treated as abandoned after ${clock.Days} days (terms 10.3)`;
    await transitionOrders(tx, [order.id], order.status, 'Cancelled', actor, note);
    const unpaid = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.status, 'unpaid')));
    for (const { id } of unpaid) {
      if (await voidInvoice(tx, id, actor)) voidedInvoiceIds.push(id);
    }
    if (wait === 'consolidation') {
      const [link] = await tx
        .select({ consignmentId: consignmentOrders.consignmentId })
        .from(consignmentOrders)
        .where(and(eq(consignmentOrders.orderId, order.id), isNull(consignmentOrders.releasedAt)));
      await cancelForAbandonedParcel(tx, link.consignmentId, actor, now, order.reference, site);
    }
  }
  await audit(tx, {
    actorId: actor.id ?? null,
    action: 'abandon',
    subject: 'Parcel',
    subjectId: parcelId,
    before: { Abandoned: null, Days: clock.Days, OrderStatus: order?.status ?? null },
    after: {
      Abandoned: now.toISOString(),
      Days: clock.Days,
      CustomerId: order?.customerId ?? parcel.customerId,
      Waiting: wait,
      ...(order && wait !== 'unbooked'
        ? { OrderStatus: 'Cancelled', VoidedInvoices: voidedInvoiceIds }
        : {}),
    },
  });
  const customerId = order?.customerId ?? parcel.customerId;
  const to = customerId === null ? null : await recipient(tx, customerId);
  const held =
    order && wait !== 'unbooked' ? { id: order.id, reference: order.reference, wait } : null;
  if (to) await queueMail(tx, parcelAbandonedEmail(site, to, parcel, held));
  return { voidedInvoiceIds };
}
