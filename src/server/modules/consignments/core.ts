import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  canMoveConsignment,
  CONSOLIDATION_MESSAGES,
  consignmentReference,
  type ConsignmentStatus,
} from '../../../shared/consolidation';
import { consignmentOrders, consignments, orders, parcels, products } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail, type MailMessage } from '../../lib/mail';
import { recipient } from '../../lib/recipient';
import type { Site } from '../../config';
import { recordOrderEvent } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { chargeStorageAfterWait } from '../invoices/storage-charges';
import { trackingUrlOf } from '../../lib/tracking-codes';
import { consolidationReadyEmail, type MailedConsignment } from './emails';

/**
 * The consignment's own moves, shared by the consolidation's use cases (requests.ts,
 * depot-steps.ts, reversal.ts) and the depot's receipt (depot/receiving.ts calls
 * `parcelArrivedForConsignment`). It stands below the depot and the consolidation
 * (docs/decisions/0052), so it imports nothing of either.
 */

export type ConsignmentRow = typeof consignments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface Member {
  orderId: number;
  paidPence: number;
  releasedAt: Date | null;
  leftOut: boolean;
  order: OrderRow;
  bandName: string | null;
  arrived: boolean;
}

export async function membersOf(
  tx: Tx,
  consignmentIds: readonly number[],
): Promise<Map<number, Member[]>> {
  const byId = new Map<number, Member[]>();
  if (consignmentIds.length === 0) return byId;
  const rows = await tx
    .select({
      consignmentId: consignmentOrders.consignmentId,
      orderId: consignmentOrders.orderId,
      paidPence: consignmentOrders.paidPence,
      releasedAt: consignmentOrders.releasedAt,
      leftOut: consignmentOrders.leftOut,
      order: orders,
      bandName: products.name,
      parcelId: parcels.id,
    })
    .from(consignmentOrders)
    .innerJoin(orders, eq(orders.id, consignmentOrders.orderId))
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(parcels, eq(parcels.orderId, orders.id))
    .where(inArray(consignmentOrders.consignmentId, [...consignmentIds]))
    .orderBy(asc(consignmentOrders.orderId));
  for (const r of rows) {
    const list = byId.get(r.consignmentId) ?? [];
    list.push({ ...r, arrived: r.parcelId !== null });
    byId.set(r.consignmentId, list);
  }
  return byId;
}

/** The members still in it (not left out; for a cancelled one, all it had). */
const included = (row: ConsignmentRow, members: readonly Member[]) =>
  members.filter((m) => !m.leftOut && (row.status === 'cancelled' || m.releasedAt === null));

export async function lockConsignment(
  tx: Tx,
  id: number,
  customerId?: number,
): Promise<ConsignmentRow> {
  const [row] = await tx
    .select()
    .from(consignments)
    .where(
      and(
        eq(consignments.id, id),
        customerId === undefined ? undefined : eq(consignments.customerId, customerId),
      ),
    )
    .for('update');
  if (!row) throw new HttpError(404, CONSOLIDATION_MESSAGES.noSuchConsignment);
  return row;
}

/** Moves a consignment through the shared lifecycle, noting it on each of its orders. */
export async function move(
  tx: Tx,
  row: ConsignmentRow,
  to: ConsignmentStatus,
  actor: Actor,
  orderIds: readonly number[],
  set: Partial<typeof consignments.$inferInsert> = {},
): Promise<ConsignmentRow> {
  if (!canMoveConsignment(row.status, to)) {
    throw new HttpError(
      409,
      `${consignmentReference(row.id)} is ${row.status}: it cannot be ${to}.`,
    );
  }
  const [moved] = await tx
    .update(consignments)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(consignments.id, row.id), eq(consignments.status, row.status)))
    .returning();
  if (!moved)
    throw new HttpError(409, `${consignmentReference(row.id)} changed meanwhile: try again.`);
  for (const orderId of orderIds) {
    await recordOrderEvent(
      tx,
      orderId,
      actor,
      `Consolidation ${consignmentReference(row.id)}: ${to}`,
      {
        kind: 'note',
      },
    );
  }
  return moved;
}

async function mailed(tx: Tx, site: Site, row: ConsignmentRow, members: readonly Member[]) {
  const list: MailedConsignment = {
    reference: consignmentReference(row.id),
    orders: await Promise.all(
      members.map(async (m) => ({
        reference: m.order.reference,
        trackUrl: await trackingUrlOf(tx, site, m.orderId),
      })),
    ),
  };
  return list;
}

export async function tell(
  tx: Tx,
  site: Site,
  row: ConsignmentRow,
  members: readonly Member[],
  build: (to: { email: string; firstName: string }, c: MailedConsignment) => MailMessage,
) {
  const to = await recipient(tx, row.customerId);
  if (to) await queueMail(tx, build(to, await mailed(tx, site, row, members)));
}

export async function freshMembers(tx: Tx, row: ConsignmentRow) {
  return included(row, (await membersOf(tx, [row.id])).get(row.id) ?? []);
}

/**
 * A parcel arrived for an order (the depot's receipt, in its transaction): when the order is in
 * an open consignment, answers it (the receipt then skips the per-parcel excess rule: the box is
 * measured as one) and moves the consignment to ready once every parcel is in.
 */
export async function parcelArrivedForConsignment(
  tx: Tx,
  orderId: number,
  actor: Actor,
  site: Site,
  now = new Date(),
): Promise<number | null> {
  const [link] = await tx
    .select({ consignmentId: consignmentOrders.consignmentId })
    .from(consignmentOrders)
    .where(and(eq(consignmentOrders.orderId, orderId), isNull(consignmentOrders.releasedAt)));
  if (!link) return null;
  const row = await lockConsignment(tx, link.consignmentId);
  if (row.status !== 'awaiting parcels') return row.id;
  const members = await freshMembers(tx, row);
  if (members.every((m) => m.arrived)) {
    const moved = await move(
      tx,
      row,
      'ready',
      actor,
      members.map((m) => m.orderId),
    );
    await tell(tx, site, moved, members, (to, c) => consolidationReadyEmail(site, to, c));
    // The parcels that were in waited for this one: their storage of the wait is invoiced (the
    // one arriving did not wait; a matched one's storage is the match's, decision 0037).
    await chargeStorageAfterWait(
      tx,
      members.filter((m) => m.orderId !== orderId).map((m) => m.orderId),
      actor,
      site,
      now,
    );
  }
  return row.id;
}

/** Releases every booking still in a consignment (cancelled: each goes on its own). */
export async function releaseAll(tx: Tx, consignmentId: number) {
  await tx
    .update(consignmentOrders)
    .set({ releasedAt: new Date() })
    .where(
      and(eq(consignmentOrders.consignmentId, consignmentId), isNull(consignmentOrders.releasedAt)),
    );
}

/**
 * A parcel waiting in a consignment was treated as abandoned (decision 0037): the consignment
 * cannot go as asked, so it is cancelled and its other bookings go on their own.
 */
export async function cancelForAbandonedParcel(
  tx: Tx,
  consignmentId: number,
  actor: Actor,
  now: Date,
  parcelOrderReference: string,
  site: Site,
) {
  const row = await lockConsignment(tx, consignmentId);
  const members = (await membersOf(tx, [row.id])).get(row.id) ?? [];
  await move(
    tx,
    row,
    'cancelled',
    actor,
    members.filter((m) => m.releasedAt === null).map((m) => m.orderId),
    { cancelledAt: now, cancelReason: `The parcel of ${parcelOrderReference} was abandoned` },
  );
  await releaseAll(tx, row.id);
  // The others' parcels no longer wait: their storage of the wait is invoiced (decision 0037).
  await chargeStorageAfterWait(
    tx,
    members.filter((m) => m.releasedAt === null).map((m) => m.orderId),
    actor,
    site,
    now,
  );
}

/** Whether an order is in an open consignment (the depot's screens show it). */
export async function openConsignmentOf(tx: Tx, orderId: number): Promise<number | null> {
  const [link] = await tx
    .select({ consignmentId: consignmentOrders.consignmentId })
    .from(consignmentOrders)
    .where(and(eq(consignmentOrders.orderId, orderId), isNull(consignmentOrders.releasedAt)));
  return link?.consignmentId ?? null;
}
