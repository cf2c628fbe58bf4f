import type { Island } from '../../src/shared/islands';
import { orderReference } from '../../src/shared/order-reference';
import type { OrderStatus } from '../../src/shared/order-status';
import type { Db } from '../../src/server/db/client';
import { nextIds } from '../../src/server/db/next-ids';
import { orders, parcels } from '../../src/server/db/schema';
import { recordCreated } from '../../src/server/modules/orders/lifecycle';

/**
 * Orders for tests written straight into the database, as if a customer had booked them and
 * they had moved on to the status given: an order history of any length in one insert, each
 * with the first event of its timeline (recordCreated) and, at the depot, its parcel. Ids, and so
 * references and Created dates, rise in the order given.
 */
export interface OrderSeed {
  status: OrderStatus;
  retailerName?: string;
  description?: string;
  island?: Island;
  /** What it cost, in pence. */
  totalPence?: number;
  /** Its parcel is at the depot (a parcels row); by default in Received at Depot and Paid. */
  atDepot?: boolean;
  /** Its price band (none by default) and its chosen extras (none by default). */
  productId?: number;
  extraIds?: number[];
}

const AT_DEPOT: readonly OrderStatus[] = ['Received at Depot', 'Paid'];

type OrderRow = typeof orders.$inferSelect;

export async function customerOrders(
  db: Db,
  customerId: number,
  seeds: readonly (OrderSeed | OrderStatus)[],
): Promise<OrderRow[]> {
  if (seeds.length === 0) return [];
  const given: OrderSeed[] = seeds.map((s) => (typeof s === 'string' ? { status: s } : s));
  return db.transaction(async (tx) => {
    const ids = await nextIds(tx, 'orders', given.length);
    const start = Date.now() - given.length * 60_000;
    const rows = await tx
      .insert(orders)
      .values(
        given.map((seed, i) => {
          const quote = seed.status.startsWith('Quote');
          return {
            id: ids[i],
            reference: orderReference(ids[i]),
            customerId,
            status: seed.status,
            description: seed.description ?? `Parcel ${i + 1}`,
            itemValuePence: 2500,
            island: seed.island ?? 'Jersey',
            retailerName: seed.retailerName ?? (quote ? '' : 'John Lewis'),
            totalPence: seed.totalPence ?? (quote ? 0 : 1299),
            lines: quote ? [] : [{ name: 'Price Band C', pence: seed.totalPence ?? 1299 }],
            quotePricePence: seed.status === 'Quote Ready' ? 4500 : null,
            productId: seed.productId ?? null,
            extraIds: seed.extraIds ?? [],
            createdAt: new Date(start + i * 60_000),
          };
        }),
      )
      .returning();
    rows.sort((a, b) => a.id - b.id);
    for (const status of new Set(rows.map((r) => r.status))) {
      const ofStatus = rows.filter((r) => r.status === status).map((r) => r.id);
      await recordCreated(tx, ofStatus, status, { type: 'customer', id: customerId });
    }
    const received = rows.filter((r, i) => given[i].atDepot ?? AT_DEPOT.includes(r.status));
    if (received.length > 0) {
      await tx.insert(parcels).values(received.map((r) => ({ orderId: r.id, customerId })));
    }
    return rows;
  });
}
