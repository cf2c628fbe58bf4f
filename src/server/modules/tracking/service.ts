import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TrackedParcel } from '../../../shared/api/tracking';
import type { Db, Tx } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { orders, orderTrackingCodes, users } from '../../db/schema';
import { timeline, timelineSources } from '../customer-orders/detail';
import { arrivalOf } from '../sailings/arrival';

/**
 * The public page of an order's tracking link (docs/decisions/0036); the codes
 * themselves, and their replacing, are in ./codes.ts.
 */

/** Whether the order is this customer's own. */
export async function isOwnOrder(tx: Tx, customerId: number, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return Boolean(row);
}

/** The order a tracking code names, with its customer's first name, built once (db/prepared.ts). */
const orderOfCode = builtOnce((db) =>
  db
    .select({ order: orders, firstName: users.firstName })
    .from(orderTrackingCodes)
    .innerJoin(orders, eq(orders.id, orderTrackingCodes.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(eq(orderTrackingCodes.code, sql.placeholder('code')), isNull(users.deletedAt)))
    .prepare(''),
);

/**
 * What the public page shows for a code: the first name, the island, the status, the timeline
 * without money, photos or measurements, and when it arrives (asked at `now`); null for an unknown
 * code or a closed account.
 */
export async function trackedParcel(
  db: Db,
  code: string,
  now: Date,
): Promise<TrackedParcel | null> {
  const [row] = await orderOfCode(db).execute({ code });
  if (!row) return null;
  const { order } = row;
  const { events, parcel } = await timelineSources(db, order.id);
  const arrival = await arrivalOf(db, order, Boolean(parcel && !parcel.dispatchedAt), now);
  return {
    FirstName: row.firstName ?? '',
    Island: order.island,
    StatusId_Name: order.status,
    Timeline: timeline(events, parcel, [])
      .filter((entry) => entry.Kind !== 'refunded')
      .map(({ Kind, At, Dispatch }) => ({ Kind, At, ...(Dispatch ? { Dispatch } : {}) })),
    Arrival: arrival,
  };
}
