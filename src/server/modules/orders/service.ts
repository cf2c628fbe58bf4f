import type { CustomerOrder, quoteRequestSchema } from '../../../shared/api/orders';
import { toPence, toPounds } from '../../../shared/money';
import { orderReference } from '../../../shared/order-reference';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nextIds } from '../../db/next-ids';
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { recordCreated } from './lifecycle';

/**
 * The columns toCustomerOrder reads. A list of orders selects only these: the driver's work on
 * each row grows with its columns (dates and JSON most), and the list does not need the others.
 */
export const customerOrderColumns = {
  id: orders.id,
  reference: orders.reference,
  status: orders.status,
  productId: orders.productId,
  bespokePricePence: orders.bespokePricePence,
  quotePricePence: orders.quotePricePence,
  lengthMm: orders.lengthMm,
  widthMm: orders.widthMm,
  heightMm: orders.heightMm,
  weightGrams: orders.weightGrams,
  description: orders.description,
  itemValuePence: orders.itemValuePence,
  itemCount: orders.itemCount,
  island: orders.island,
  notes: orders.notes,
  extraIds: orders.extraIds,
  retailerName: orders.retailerName,
  lines: orders.lines,
  totalPence: orders.totalPence,
  discountPence: orders.discountPence,
  createdAt: orders.createdAt,
};

/** What was paid for an order, in pence: its lines less its share of the discount (its Total). */
export const orderPaidPence = sql<number>`(${orders.totalPence} - ${orders.discountPence})`;

type CustomerOrderRow = Pick<typeof orders.$inferSelect, keyof typeof customerOrderColumns>;

/** A stored order as the customer sees it (money back in pounds, sizes in mm). */
export function toCustomerOrder(row: CustomerOrderRow): CustomerOrder {
  const sized = row.lengthMm !== null && row.widthMm !== null && row.heightMm !== null;
  return {
    Id: row.id,
    Reference: row.reference,
    StatusId_Name: row.status,
    ProductId: row.productId,
    BespokePrice: row.bespokePricePence === null ? null : toPounds(row.bespokePricePence),
    QuotePrice: row.quotePricePence === null ? null : toPounds(row.quotePricePence),
    size: sized ? { length: row.lengthMm!, width: row.widthMm!, height: row.heightMm! } : null,
    Weight: row.weightGrams,
    ItemDescription: row.description,
    ItemValue: toPounds(row.itemValuePence),
    ItemCount: row.itemCount,
    Island: row.island,
    Notes: row.notes,
    selectedExtras: row.extraIds,
    RetailerName: row.retailerName,
    Lines: row.lines.map((line) => ({ Name: line.name, Amount: toPounds(line.pence) })),
    Subtotal: toPounds(row.totalPence),
    Discount: toPounds(row.discountPence),
    Total: toPounds(row.totalPence - row.discountPence),
    Created: row.createdAt.toISOString(),
  };
}

/**
 * Stores a quote request for a customer: a bespoke parcel with no price band and no price yet,
 * in the status Quote Requested. The id is taken first so that the reference is written with it.
 */
export async function createQuote(
  db: Db,
  customerId: number,
  quote: z.output<typeof quoteRequestSchema>,
): Promise<CustomerOrder> {
  return db.transaction(async (tx) => {
    const [id] = await nextIds(tx, 'orders');
    const [row] = await tx
      .insert(orders)
      .values({
        id,
        reference: orderReference(id),
        customerId,
        status: 'Quote Requested',
        lengthMm: quote.size.length,
        widthMm: quote.size.width,
        heightMm: quote.size.height,
        weightGrams: quote.Weight,
        description: quote.ItemDescription,
        itemValuePence: toPence(quote.ItemValue),
        island: quote.Island,
        notes: quote.Notes,
      })
      .returning();
    await recordCreated(tx, [row.id], 'Quote Requested', { type: 'customer', id: customerId });
    return toCustomerOrder(row);
  });
}
