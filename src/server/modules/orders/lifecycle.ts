import { and, eq, sql } from 'drizzle-orm';
import { canTransition, type OrderEventKind, type OrderStatus } from '../../../shared/order-status';
import type { Tx } from '../../db/client';
import { builtOnce, insertRows, isAnyOf } from '../../db/prepared';
import { orderEvents, orders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { appNow } from '../../lib/clock';

/**
 * The one way an order's status changes (decision 0012): the move must be in the shared
 * lifecycle table, the row must still be in the status the caller saw (so two racing changes
 * cannot both apply), and an order event (who, when, from, to, note) is written in the same
 * transaction. Call it inside the use case's transaction.
 */

export class TransitionError extends Error {
  constructor(
    readonly orderId: number,
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`order ${orderId} cannot move from ${from} to ${to}`);
  }
}

/**
 * Orders still in one status moved to another, built once (db/prepared.ts), the ids one array
 * (`isAnyOf`).
 */
const ordersMoved = builtOnce((db) =>
  db
    .update(orders)
    .set({ status: sql`${sql.placeholder('to')}`, updatedAt: sql`${sql.placeholder('now')}` })
    .where(and(isAnyOf(orders.id, 'ids'), eq(orders.status, sql.placeholder('from'))))
    .returning({ id: orders.id })
    .prepare(''),
);

/**
 * Moves orders from `from` to `to`. Returns the ids that moved: an order no longer in `from`
 * (someone else moved it first) is left alone and not returned. Throws when the table does not
 * allow the move at all.
 */
export async function transitionOrders(
  tx: Tx,
  orderIds: readonly number[],
  from: OrderStatus,
  to: OrderStatus,
  actor: Actor,
  note = '',
  data: TransitionData = {},
): Promise<number[]> {
  if (orderIds.length === 0) return [];
  if (!canTransition(from, to)) throw new TransitionError(orderIds[0], from, to);
  const moved = await ordersMoved(tx).execute({
    ids: [...orderIds],
    from,
    to,
    now: orders.updatedAt.mapToDriverValue(new Date()),
  });
  const ids = moved.map((m) => m.id).sort((a, b) => a - b);
  if (ids.length > 0) {
    await insertRows(
      tx,
      orderEvents,
      ids.map((orderId) => ({
        orderId,
        actorType: actor.type,
        actorId: actor.id ?? null,
        fromStatus: from,
        toStatus: to,
        note,
        data,
      })),
    );
    // Its place on the sailings follows its status (docs/decisions/0049), planned by the app's
    // clock (docs/decisions/0054); imported when first needed, as the planning reads modules that
    // read this one.
    const { planOrders } = await import('../sailings/plans');
    await planOrders(tx, ids, appNow());
  }
  return ids;
}

/** Records that orders were created in a status (the first event of their timeline). */
export async function recordCreated(
  tx: Tx,
  orderIds: readonly number[],
  status: OrderStatus,
  actor: Actor,
  note = '',
): Promise<void> {
  await insertRows(
    tx,
    orderEvents,
    orderIds.map((orderId) => ({
      orderId,
      actorType: actor.type,
      actorId: actor.id ?? null,
      fromStatus: null,
      toStatus: status,
      note,
    })),
  );
}

/**
 * What a status change records besides its statuses: details the timeline reads, and a kind of
 * its own when the change is not told as a plain change of status.
 */
type TransitionData = { kind?: Extract<OrderEventKind, 'return-withdrawn'> } & Record<
  string,
  unknown
>;

/** What an event that changes no status records (decision 0018): a staff note, or a refund's outcome. */
export type OrderEventData =
  | { kind: Extract<OrderEventKind, 'note'> }
  | {
      kind: Extract<OrderEventKind, 'refund' | 'refund-failed'>;
      refundId: number;
      amountPence: number;
    }
  | {
      kind: Extract<OrderEventKind, 'dispute' | 'dispute-remeasured' | 'dispute-decided'>;
      caseId: number;
      invoiceId: number;
    }
  // a return to the retailer's label attached by the depot (decision 0039)
  | { kind: Extract<OrderEventKind, 'return-label'> };

/** Adds an event that changes no status to an order's timeline, in the caller's transaction. */
export async function recordOrderEvent(
  tx: Tx,
  orderId: number,
  actor: Actor,
  note: string,
  data: OrderEventData,
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    actorType: actor.type,
    actorId: actor.id ?? null,
    note,
    data,
  });
}
