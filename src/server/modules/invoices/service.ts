import { and, asc, count, eq, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Invoice } from '../../../shared/api/orders';
import { toPounds } from '../../../shared/money';
import { invoiceReference } from '../../../shared/order-reference';
import { nextIds } from '../../db/next-ids';
import { invoices, orderCases, orders, parcels, payments } from '../../db/schema';
import { transitionOrders } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Db, Tx } from '../../db/client';
import { builtOnce, isAnyOf } from '../../db/prepared';
import { moveInvoice, movePayments } from '../../lib/status-moves';

/**
 * Invoices: something owed on an order beyond its booking (excess carriage, an extra service).
 * Staff raise them (the back office, decision 0020); the customer pays one through the checkout's
 * provider. An order held at the depot for an invoice (Awaiting Payment) moves to Paid when it is
 * paid.
 */

type InvoiceRow = typeof invoices.$inferSelect;

export const toInvoice = (row: InvoiceRow, orderReference: string): Invoice => ({
  Id: row.id,
  Reference: row.reference,
  OrderId: row.orderId,
  OrderReference: orderReference,
  Reason: row.reason,
  Kind: row.kind,
  Amount: toPounds(row.amountPence),
  Status: row.status,
  Created: row.createdAt.toISOString(),
  PaidAt: row.paidAt?.toISOString() ?? null,
});

const withOrder = (tx: Tx) =>
  tx
    .select({ invoice: invoices, orderReference: orders.reference })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId));

/**
 * The invoices of some of a customer's orders, built once (db/prepared.ts), the orders one array
 * (`isAnyOf`): a page of any length is the same statement.
 */
const invoicesOfOrders = builtOnce((db) =>
  withOrder(db)
    .where(
      and(
        eq(invoices.customerId, sql.placeholder('customerId')),
        isAnyOf(invoices.orderId, 'orderIds'),
      ),
    )
    .orderBy(asc(invoices.id))
    .prepare(''),
);

/** The customer's invoices on these orders (a page of their history), oldest first. */
export async function customerInvoices(
  db: Db,
  customerId: number,
  orderIds: readonly number[],
): Promise<Invoice[]> {
  if (orderIds.length === 0) return [];
  const rows = await invoicesOfOrders(db).execute({ customerId, orderIds: [...orderIds] });
  return rows.map((r) => toInvoice(r.invoice, r.orderReference));
}

/** One of the customer's invoices, or null (another customer's too). */
export async function findCustomerInvoice(tx: Tx, customerId: number, id: number) {
  const [row] = await withOrder(tx).where(
    and(eq(invoices.id, id), eq(invoices.customerId, customerId)),
  );
  return row ? { row: row.invoice, invoice: toInvoice(row.invoice, row.orderReference) } : null;
}

/**
 * Whether an invoice's dispute is open: a case of kind `dispute` not decided yet (decision 0038).
 * Such an invoice is neither reminded nor paid until staff decide.
 */
export const disputeOpenOn = (invoiceId: number | SQLWrapper) =>
  and(
    eq(orderCases.invoiceId, invoiceId),
    eq(orderCases.kind, 'dispute'),
    ne(orderCases.status, 'Resolved'),
  );

/** The reference of the invoice's open dispute, or null. */
export async function openDisputeOf(tx: Pick<Tx, 'select'>, invoiceId: number) {
  const [row] = await tx
    .select({ reference: orderCases.reference })
    .from(orderCases)
    .where(disputeOpenOn(invoiceId));
  return row?.reference ?? null;
}

export async function invoiceOrderId(tx: Tx, invoiceId: number): Promise<number> {
  const [row] = await tx
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row.orderId;
}

/**
 * Raises an invoice on an order for its customer. When `hold` is set the order (received at the
 * depot) waits for the payment: Received at Depot to Awaiting Payment.
 */
export async function raiseInvoice(
  tx: Tx,
  input: {
    orderId: number;
    amountPence: number;
    reason: string;
    hold?: boolean;
    kind?: InvoiceRow['kind'];
  },
  actor: Actor,
): Promise<Invoice> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new Error(`no order ${input.orderId}`);
  const [id] = await nextIds(tx, 'invoices');
  const [row] = await tx
    .insert(invoices)
    .values({
      id,
      reference: invoiceReference(id),
      orderId: order.id,
      customerId: order.customerId,
      reason: input.reason,
      kind: input.kind ?? 'other',
      amountPence: input.amountPence,
    })
    .returning();
  if (input.hold) {
    await transitionOrders(
      tx,
      [order.id],
      'Received at Depot',
      'Awaiting Payment',
      actor,
      `Held for ${row.reference}`,
    );
  }
  return toInvoice(row, order.reference);
}

/**
 * Marks an invoice paid and releases an order held for it once nothing else on it is unpaid (an
 * order held for excess carriage and for storage waits for both, decision 0037). Answers the order
 * released (Awaiting Payment to Paid) by this payment, or null: its parcel's wait for its
 * customer ended, and the caller invoices the storage of that wait (decision 0037).
 */
export async function invoicePaid(
  tx: Tx,
  invoiceId: number,
  actor: Actor,
  note: string,
): Promise<number | null> {
  const [row] = await moveInvoice(tx, invoiceId, ['unpaid'], 'paid', actor, {
    paidAt: new Date(),
  });
  if (!row) return null;
  const [{ unpaid }] = await tx
    .select({ unpaid: count() })
    .from(invoices)
    .where(and(eq(invoices.orderId, row.orderId), eq(invoices.status, 'unpaid')));
  if (unpaid > 0) return null;
  const released = await transitionOrders(
    tx,
    [row.orderId],
    'Awaiting Payment',
    'Paid',
    actor,
    note,
  );
  return released[0] ?? null;
}

/**
 * Voids an unpaid invoice in the caller's transaction (decision 0018): a payment started for it is
 * cancelled (its provider page must be closed first, by the caller), and an order held at the
 * depot for it with nothing else unpaid is released, Awaiting Payment back to Received at Depot
 * (the lifecycle table's release), so the depot can dispatch it. Null when it was not unpaid.
 */
export async function voidInvoice(
  tx: Tx,
  invoiceId: number,
  actor: Actor,
): Promise<{ invoice: InvoiceRow; released: boolean } | null> {
  const [row] = await moveInvoice(tx, invoiceId, ['unpaid'], 'void', actor);
  if (!row) return null;
  const by = { ...actor, note: `${row.reference} voided` };
  await movePayments(tx, payments.invoiceId, row.id, ['pending'], 'cancelled', by, {
    idempotencyKey: null,
  });
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  const [held] = await tx
    .select({ id: parcels.id })
    .from(parcels)
    .where(eq(parcels.orderId, order.id));
  const [{ unpaid }] = await tx
    .select({ unpaid: count() })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.status, 'unpaid')));
  const released =
    order.status === 'Awaiting Payment' && held !== undefined && unpaid === 0
      ? (
          await transitionOrders(
            tx,
            [order.id],
            'Awaiting Payment',
            'Received at Depot',
            actor,
            `Released: ${row.reference} voided`,
          )
        ).length > 0
      : false;
  return { invoice: row, released };
}
