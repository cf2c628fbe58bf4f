import { and, eq, inArray } from 'drizzle-orm';
import type { CarrierId } from '../../../shared/carriers';
import type { OrderStatus } from '../../../shared/order-status';
import { orders, parcelPhotos, parcels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { transitionOrders, type Actor, type Tx } from '../orders/lifecycle';

/**
 * The depot's use cases on a booked parcel (issue 12 reads them, issue 13 puts the staff screens
 * in front of them): received and measured, dispatched to the island on a sailing, delivered.
 * Each runs in the caller's transaction, moves the order through the shared lifecycle table (an
 * order event with who did it) and keeps the parcel's facts in `parcels`.
 */

export interface PhotoInput {
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface ReceiveInput {
  orderId: number;
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  shelfLocation?: string;
  note?: string;
  inboundTrackingNumber?: string;
  photos?: PhotoInput[];
}

/** A booked parcel arrives: Awaiting Parcel to Received at Depot. Returns the parcel's id. */
export async function receiveBookedParcel(tx: Tx, input: ReceiveInput, actor: Actor) {
  const [order] = await tx
    .select({ id: orders.id, customerId: orders.customerId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for('update');
  if (!order) throw new HttpError(404, 'No such order.');
  if (order.status !== 'Awaiting Parcel') {
    throw new HttpError(409, `This order is ${order.status}: it is not waiting for a parcel.`);
  }
  const [parcel] = await tx
    .insert(parcels)
    .values({
      orderId: order.id,
      customerId: order.customerId,
      inboundTrackingNumber: input.inboundTrackingNumber ?? '',
      weightGrams: input.weightGrams,
      lengthMm: input.lengthMm,
      widthMm: input.widthMm,
      heightMm: input.heightMm,
      shelfLocation: input.shelfLocation ?? '',
      note: input.note ?? '',
      receivedBy: actor.type === 'staff' ? (actor.id ?? null) : null,
    })
    .returning({ id: parcels.id });
  if (input.photos?.length) {
    await tx.insert(parcelPhotos).values(
      input.photos.map((p) => ({
        parcelId: parcel.id,
        ...p,
        createdBy: actor.type === 'staff' ? (actor.id ?? null) : null,
      })),
    );
  }
  await transitionOrders(tx, [order.id], 'Awaiting Parcel', 'Received at Depot', actor);
  return parcel.id;
}

/** The statuses a parcel may leave the depot from: received (nothing owed) or its invoice paid. */
const DISPATCHABLE: readonly OrderStatus[] = ['Received at Depot', 'Paid'];

export interface DispatchInput {
  /** The sailing: the date of export on the certificate. */
  sailingDate: Date;
  carrier: CarrierId;
  parcels: { orderId: number; trackingNumber: string }[];
}

/**
 * Parcels leave on a sailing: each order to Shipped and its parcel's carrier, tracking number
 * and date of export recorded. All or none: an order not ready to leave stops the whole batch.
 */
export async function dispatchParcels(tx: Tx, input: DispatchInput, actor: Actor) {
  const ids = input.parcels.map((p) => p.orderId);
  const rows = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(orders.id)
    .for('update');
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || !DISPATCHABLE.includes(row.status)) {
      throw new HttpError(409, `Order ${id} is not ready to dispatch.`);
    }
  }
  for (const item of input.parcels) {
    const from = rows.find((r) => r.id === item.orderId)!.status;
    const [parcel] = await tx
      .update(parcels)
      .set({
        dispatchedAt: input.sailingDate,
        carrier: input.carrier,
        trackingNumber: item.trackingNumber,
        dispatchedBy: actor.type === 'staff' ? (actor.id ?? null) : null,
        updatedAt: new Date(),
      })
      .where(eq(parcels.orderId, item.orderId))
      .returning({ id: parcels.id });
    if (!parcel) throw new HttpError(409, `Order ${item.orderId} has no parcel at the depot.`);
    await transitionOrders(tx, [item.orderId], from, 'Shipped', actor);
  }
}

/** Parcels reach the customer: Shipped to Delivered. Returns the ids that moved. */
export async function markDelivered(tx: Tx, orderIds: number[], actor: Actor, at = new Date()) {
  const moved = await transitionOrders(tx, orderIds, 'Shipped', 'Delivered', actor);
  if (moved.length > 0) {
    await tx
      .update(parcels)
      .set({ deliveredAt: at, updatedAt: new Date() })
      .where(and(inArray(parcels.orderId, moved)));
  }
  return moved;
}
