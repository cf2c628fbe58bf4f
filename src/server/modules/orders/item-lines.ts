import { asc, eq, inArray } from 'drizzle-orm';
import type { ItemLineView, OrderItemLines } from '../../../shared/api/item-lines';
import {
  itemLinesMismatch,
  itemLinesTotalPence,
  type ItemLine,
} from '../../../shared/item-lines-value';
import { formatMoney, toPence, toPounds } from '../../../shared/money';
import { hasLeftTheUk } from '../../../shared/order-status';
import { orderItemLines, orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';

/**
 * An order's item lines (decision 0040, src/shared/item-lines.ts): stored with the booking at
 * checkout, read for the order's page and the depot, and replaced by the depot at receipt.
 */

type LineRow = typeof orderItemLines.$inferSelect;

/** The rows of an order's lines, positions from 1 in the order given. */
export const itemLineRows = (orderId: number, lines: readonly ItemLine[]) =>
  lines.map((line, i) => ({
    orderId,
    position: i + 1,
    description: line.Description,
    quantity: line.Quantity,
    valueEachPence: toPence(line.ValueEach),
    origin: line.Origin,
    commodityCode: line.CommodityCode,
  }));

const toLine = (row: LineRow): ItemLine => ({
  Description: row.description,
  Quantity: row.quantity,
  ValueEach: toPounds(row.valueEachPence),
  Origin: row.origin,
  CommodityCode: row.commodityCode,
});

export const toItemLineView = (line: ItemLine): ItemLineView => ({
  ...line,
  Total: toPounds(line.Quantity * toPence(line.ValueEach)),
});

/** The lines of these orders, each order's in position order. */
export async function itemLinesOf(tx: Tx, orderIds: readonly number[]) {
  const byOrder = new Map<number, ItemLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select()
    .from(orderItemLines)
    .where(inArray(orderItemLines.orderId, [...orderIds]))
    .orderBy(asc(orderItemLines.orderId), asc(orderItemLines.position));
  for (const row of rows) byOrder.get(row.orderId)?.push(toLine(row));
  return byOrder;
}

type OrderFacts = Pick<
  typeof orders.$inferSelect,
  'id' | 'reference' | 'description' | 'itemValuePence'
>;

function itemLinesView(order: OrderFacts, lines: readonly ItemLine[]): OrderItemLines {
  return {
    OrderId: order.id,
    Reference: order.reference,
    ItemDescription: order.description,
    ItemValue: toPounds(order.itemValuePence),
    ItemLines: lines.map(toItemLineView),
    LinesTotal: toPounds(itemLinesTotalPence(lines)),
    Mismatch: itemLinesMismatch(lines, order.itemValuePence),
  };
}

async function findOrder(tx: Tx, orderId: number, lock: boolean) {
  const query = tx.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new HttpError(404, 'No such order.');
  return order;
}

/** GET /api/admin/depot/orders/{Id}/item-lines. */
export async function orderItemLinesFor(tx: Tx, orderId: number): Promise<OrderItemLines> {
  const order = await findOrder(tx, orderId, false);
  return itemLinesView(order, (await itemLinesOf(tx, [order.id])).get(order.id)!);
}

/** A line in one readable string, for the audit log (`2 × Kettle @ £24.99, GB, 85167100`). */
const describeLine = (line: ItemLine) =>
  `${line.Quantity} × ${line.Description} @ ${formatMoney(toPence(line.ValueEach))}, ${line.Origin}` +
  (line.CommodityCode ? `, ${line.CommodityCode}` : '');

const auditShape = (lines: readonly ItemLine[], itemValuePence: number) => ({
  ItemValue: formatMoney(itemValuePence),
  ...Object.fromEntries(lines.map((line, i) => [`Line ${i + 1}`, describeLine(line)])),
});

/**
 * PUT /api/admin/depot/orders/{Id}/item-lines: the staff member's lines replace the order's (and
 * the declared value, when the retailer's invoice shows another). Refused once the parcel has
 * left the UK or the order is cancelled, and when the lines do not add up to the declared value.
 * The audit log keeps the lines before and after.
 */
export async function replaceItemLines(
  tx: Tx,
  orderId: number,
  change: { lines: readonly ItemLine[]; itemValuePence?: number },
  actor: Actor,
): Promise<OrderItemLines> {
  const order = await findOrder(tx, orderId, true);
  if (hasLeftTheUk(order.status) || order.status === 'Cancelled') {
    throw new HttpError(
      409,
      `${order.reference} is ${order.status}: its item lines can no longer be changed.`,
    );
  }
  const declared = change.itemValuePence ?? order.itemValuePence;
  const mismatch = itemLinesMismatch(change.lines, declared);
  if (mismatch) {
    throw new HttpError(400, 'Please check the fields below.', [
      { field: 'ItemLines', error: mismatch },
    ]);
  }
  const before = (await itemLinesOf(tx, [order.id])).get(order.id)!;
  await tx.delete(orderItemLines).where(eq(orderItemLines.orderId, order.id));
  await tx.insert(orderItemLines).values(itemLineRows(order.id, change.lines));
  if (declared !== order.itemValuePence) {
    await tx
      .update(orders)
      .set({ itemValuePence: declared, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  }
  if (actor.type === 'staff') {
    await audit(tx, {
      actorId: actor.id ?? null,
      action: before.length === 0 ? 'add item lines' : 'correct item lines',
      subject: 'Order',
      subjectId: order.id,
      before: auditShape(before, order.itemValuePence),
      after: auditShape(change.lines, declared),
    });
  }
  return itemLinesView({ ...order, itemValuePence: declared }, change.lines);
}

/**
 * Development and test only (the dev depot routes): each of these orders that has no item lines
 * gets one from its own description and declared value, as the depot would enter it from the
 * retailer's invoice at receipt, so a demo parcel may leave (decision 0040).
 */
export async function itemiseFromBooking(tx: Tx, orderIds: readonly number[]) {
  const lines = await itemLinesOf(tx, orderIds);
  const bare = orderIds.filter((id) => lines.get(id)?.length === 0);
  if (bare.length === 0) return;
  const rows = await tx.select().from(orders).where(inArray(orders.id, bare));
  if (rows.length === 0) return; // no such orders: dispatch answers 404
  await tx.insert(orderItemLines).values(
    rows.flatMap((order) =>
      itemLineRows(order.id, [
        {
          Description: order.description.slice(0, 200),
          Quantity: 1,
          ValueEach: toPounds(order.itemValuePence),
          Origin: 'GB',
          CommodityCode: '',
        },
      ]),
    ),
  );
}
