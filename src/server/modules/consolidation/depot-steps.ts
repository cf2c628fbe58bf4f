import { asc, eq, inArray } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { cmToMm, kgToGrams } from '../../../shared/api/depot';
import { carrierOf, trackingLink, type CarrierId } from '../../../shared/carriers';
import {
  CONSOLIDATION_MESSAGES,
  consignmentReference,
  consolidationPrice,
  splitRefund,
} from '../../../shared/consolidation';
import { sumPence } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/order-status';
import { consignments, orders, parcels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { customsProblems } from '../depot/customs';
import { sailingGst } from '../depot/sailing-gst';
import { ukDay } from '../../../shared/customs';
import { REFUND_MESSAGES } from '../../../shared/refunds';
import { DISPATCHABLE, sailingDay } from '../depot/dispatch';
import { offeredBands } from '../depot/receiving';
import { freshMembers, lockConsignment, move, tell } from '../consignments/core';
import { raiseInvoice } from '../invoices/service';
import { transitionOrders } from '../orders/lifecycle';
import { staffActor } from '../../lib/actor';
import { refundSources, reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { audit } from '../../lib/audit';
import { consolidationDispatchedEmail, consolidationRepackingEmail } from '../consignments/emails';
import { repackPence, toBand, type Band } from './pricing';
import { staffConsignment } from './views';

/**
 * The depot's steps on a consignment (docs/decisions/0041): start repacking, weigh and
 * measure the box, dispatch it. Money: the difference is settled in the dispatch's transaction,
 * which moves the consignment to dispatched exactly once (a second request finds it dispatched:
 * 409); a refund is reserved there (payments/refunds.ts) and sent to the provider after the commit
 * with its own idempotency key, so a retry, a kill -9 or the follow-up job never gives it twice.
 */

/** The depot starts repacking a ready consignment: from now on it cannot be cancelled. */
export async function startRepacking(
  app: Uses<'clock' | 'config' | 'database'>,
  id: number,
  staffId: number,
) {
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
  app: Uses<'clock' | 'database'>,
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
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  id: number,
  input: { sailingDate: Date; carrier: CarrierId; trackingNumber: string },
  staffId: number,
  /** Whether the staff member may give money back (decision 0046): the depot may not. */
  mayRefund: boolean,
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
    // The box's customs paperwork is its orders' item lines (decision 0040): each must have them.
    const problems = await customsProblems(tx, locked);
    if (problems.length > 0) throw new HttpError(409, problems.join(' '));
    if (row.final.differencePence < 0 && !mayRefund) {
      throw new HttpError(403, REFUND_MESSAGES.officeGivesBack(-row.final.differencePence));
    }
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
      const bookings = [];
      for (const m of members) {
        const order = locked.find((o) => o.id === m.orderId)!;
        const sources = await refundSources(tx, order);
        bookings.push({
          orderId: m.orderId,
          paidPence: m.paidPence,
          refundablePence: sumPence(sources.map((s) => Math.max(0, s.paidPence - s.refundedPence))),
        });
      }
      const parts = splitRefund(-difference, bookings);
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
