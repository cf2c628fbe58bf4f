import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { Consignment } from '../../../shared/api/consolidation';
import {
  canCancelConsignment,
  CONSOLIDATION_MESSAGES,
  consignmentReference,
  isParcelLate,
} from '../../../shared/consolidation';
import { consignmentOrders, consignments, orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { chargeStorageAfterWait } from '../invoices/storage-charges';
import { CONSIGNMENT_WAITS } from '../../../shared/storage';
import { freshMembers, lockConsignment, move, releaseAll, tell } from '../consignments/core';
import { recordOrderEvent } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import {
  consolidationCancelledEmail,
  consolidationLateEmail,
  consolidationLeftOutEmail,
  consolidationRequestedEmail,
} from '../consignments/emails';
import { missingParcelDays, priceChoice } from './pricing';
import { toViews } from './views';

/**
 * The customer's requests (docs/decisions/0041): ship chosen bookings together, cancel
 * until repacking starts (staff may too), leave a late parcel out, and the hourly question about
 * late parcels. Each runs in one transaction that locks the consignment row, moves it through the
 * shared lifecycle (src/shared/consolidation.ts) only from the status it was seen in, notes the
 * step on each order's timeline, writes the audit entry (the customer or the staff member as
 * actor) and queues the customer's e-mail; the depot's steps (depot-steps.ts) and the office's
 * reversal (reversal.ts) work the same way.
 */

const customerActor = (id: number): Actor => ({ type: 'customer', id });
const actorId = (actor: Actor) =>
  actor.type === 'staff' || actor.type === 'customer' ? (actor.id ?? null) : null;

/** The customer asks to ship the chosen bookings together (see the module's note). */
export async function requestConsolidation(
  app: Uses<'clock' | 'config' | 'database'>,
  customerId: number,
  orderIds: number[],
): Promise<Consignment> {
  const actor = customerActor(customerId);
  const now = app.clock.now();
  return app.database.db.transaction(async (tx) => {
    // The bookings locked (in one order, so two requests cannot deadlock): a return to the
    // retailer asked at once waits, and is refused once they are in the box (decision 0046).
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, orderIds), eq(orders.customerId, customerId)))
      .orderBy(asc(orders.id))
      .for('update');
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
  app: Uses<'clock' | 'config' | 'database'>,
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
  app: Uses<'clock' | 'config' | 'database'>,
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
export async function askAboutLateParcels(
  app: Uses<'config' | 'database'>,
  now: Date,
): Promise<number> {
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
export async function scheduleLateParcelQuestions(
  app: Uses<'clock' | 'config' | 'database' | 'jobs' | 'log'>,
) {
  await app.jobs.every(LATE_PARCELS_QUEUE, '17 * * * *', async () => {
    const asked = await askAboutLateParcels(app, app.clock.now());
    if (asked) app.log.info({ asked }, 'consolidation: customers asked about late parcels');
  });
}
