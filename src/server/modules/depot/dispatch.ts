import { recipient } from '../../lib/recipient';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '../../../shared/disputes';
import { carrierOf, trackingLink, type CarrierId } from '../../../shared/carriers';
import { orderReference } from '../../../shared/order-reference';
import type { OrderStatus } from '../../../shared/order-status';
import { orderCases, orders, parcels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import type { Site } from '../../config';
import { transitionOrders } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { customsProblems } from './customs';
import { sailingGst } from './sailing-gst';
import { ukDay } from '../../../shared/customs';
import { parcelDispatchedEmail } from './emails';
import { withTrackUrl } from '../../lib/tracking-codes';
import { openConsignmentOf } from '../consignments/core';
import { consignmentReference } from '../../../shared/consolidation';
import { auditStaff, staffId } from './staff-audit';

/**
 * Parcels leave the depot and reach the island (decision 0020): dispatched on a sailing, all or
 * none, each order to Shipped with its carrier, tracking number and date of export, its customer
 * e-mailed the tracking link; then marked delivered. The statuses a parcel may leave from
 * (DISPATCHABLE) and the sailing's date as written are consolidation's dispatch's too.
 */

/** The statuses a parcel may leave the depot from: received (nothing owed) or its invoice paid. */
export const DISPATCHABLE: readonly OrderStatus[] = ['Received at Depot', 'Paid'];

export interface DispatchInput {
  /** The sailing: the date of export on the certificate. */
  sailingDate: Date;
  carrier: CarrierId;
  parcels: { orderId: number; trackingNumber: string }[];
}

/** Unknown ids are a 404 naming them; orders in the wrong status a 409 naming each. */
async function lockOrders(
  tx: Tx,
  ids: readonly number[],
  allowed: readonly OrderStatus[],
  what: string,
) {
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(orders.id)
    .for('update');
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw new HttpError(404, `No such order: ${missing.map(orderReference).join(', ')}.`);
  }
  const wrong = rows.filter((r) => !allowed.includes(r.status));
  if (wrong.length > 0) {
    throw new HttpError(
      409,
      `Nothing was ${what}: ${wrong.map((r) => `${r.reference} is ${r.status}`).join('; ')}.`,
    );
  }
  return rows;
}

export const sailingDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long' });

/**
 * Parcels leave on a sailing: each order to Shipped and its parcel's carrier, tracking number
 * and date of export recorded, and each customer e-mailed the tracking link. All or none: an
 * order not ready to leave stops the whole batch, and so does one whose item lines are missing
 * or do not add up to its declared value (decision 0040: its CN22/CN23 and the carrier's data could
 * not be made; the 409 says why for each). Several orders may share a tracking number: one
 * consignment holding them all. Returns the parcels' ids.
 */
export async function dispatchParcels(
  tx: Tx,
  input: DispatchInput,
  actor: Actor,
  site: Site,
): Promise<number[]> {
  const rows = await lockOrders(
    tx,
    input.parcels.map((p) => p.orderId),
    DISPATCHABLE,
    'dispatched',
  );
  // A parcel in an open consolidation leaves in its box (decision 0041), not on its own.
  for (const row of rows) {
    const consignmentId = await openConsignmentOf(tx, row.id);
    if (consignmentId !== null) {
      throw new HttpError(
        409,
        `Nothing was dispatched: ${row.reference} is in consolidation ${consignmentReference(consignmentId)}; it leaves in its box.`,
      );
    }
  }
  // A parcel whose invoice is disputed stays at the depot until the dispute is decided (decision
  // 0038).
  const disputed = await tx
    .select({ orderId: orderCases.orderId })
    .from(orderCases)
    .where(
      and(
        inArray(
          orderCases.orderId,
          rows.map((r) => r.id),
        ),
        eq(orderCases.kind, 'dispute'),
        ne(orderCases.status, 'Resolved'),
      ),
    );
  if (disputed.length > 0) {
    throw new HttpError(
      409,
      DISPUTE_MESSAGES.heldForDispute(
        rows
          .filter((r) => disputed.some((d) => d.orderId === r.id))
          .map((r) => `${r.reference} is`)
          .join(', '),
      ),
    );
  }
  const problems = await customsProblems(tx, rows);
  if (problems.length > 0) throw new HttpError(409, problems.join(' '));
  const carrier = carrierOf(input.carrier)!;
  // Each customer's parcels on this sailing are valued together for island GST (decision 0035).
  const together = await sailingGst(
    tx,
    { sailingDate: ukDay(input.sailingDate), carrier: input.carrier },
    rows.map((r) => r.id),
  );
  const parcelIds: number[] = [];
  for (const item of input.parcels) {
    const order = rows.find((r) => r.id === item.orderId)!;
    const [parcel] = await tx
      .update(parcels)
      .set({
        dispatchedAt: input.sailingDate,
        carrier: input.carrier,
        trackingNumber: item.trackingNumber,
        dispatchedBy: staffId(actor),
        updatedAt: new Date(),
      })
      .where(eq(parcels.orderId, item.orderId))
      .returning({ id: parcels.id });
    if (!parcel)
      throw new HttpError(
        409,
        `Nothing was dispatched: ${order.reference} has no parcel at the depot.`,
      );
    parcelIds.push(parcel.id);
    await transitionOrders(tx, [order.id], order.status, 'Shipped', actor, '', {
      carrier: input.carrier,
      trackingNumber: item.trackingNumber,
    });
    const to = await recipient(tx, order.customerId);
    if (to) {
      await queueMail(
        tx,
        parcelDispatchedEmail(
          site,
          to,
          await withTrackUrl(tx, site, {
            id: order.id,
            reference: order.reference,
            island: order.island,
          }),
          {
            carrierName: carrier.name,
            trackingNumber: item.trackingNumber,
            trackingUrl: trackingLink(input.carrier, item.trackingNumber),
            date: sailingDay(input.sailingDate),
            gstWarning: together.find((g) => g.Orders.includes(order.reference))?.Warning ?? null,
          },
        ),
      );
    }
    await auditStaff(tx, actor, {
      action: 'dispatch',
      subject: 'Parcel',
      subjectId: parcel.id,
      before: { orderId: order.id, status: order.status },
      after: {
        orderId: order.id,
        status: 'Shipped',
        sailingDate: input.sailingDate.toISOString(),
        carrier: input.carrier,
        trackingNumber: item.trackingNumber,
      },
    });
  }
  return parcelIds;
}

/**
 * Parcels reach the customer: Shipped to Delivered, all or none (an order not shipped stops the
 * batch). Returns the ids that moved.
 */
export async function markDelivered(tx: Tx, orderIds: number[], actor: Actor, at = new Date()) {
  await lockOrders(tx, orderIds, ['Shipped'], 'marked delivered');
  const moved = await transitionOrders(tx, orderIds, 'Shipped', 'Delivered', actor);
  if (moved.length > 0) {
    await tx
      .update(parcels)
      .set({ deliveredAt: at, updatedAt: new Date() })
      .where(inArray(parcels.orderId, moved));
  }
  for (const orderId of moved) {
    await auditStaff(tx, actor, {
      action: 'deliver',
      subject: 'Order',
      subjectId: orderId,
      before: { status: 'Shipped' },
      after: { status: 'Delivered', deliveredAt: at.toISOString() },
    });
  }
  return moved;
}
