import { and, asc, eq, sql } from 'drizzle-orm';
import type { CheckoutResult, Payment } from '../../../shared/api/checkout';
import { toPounds } from '../../../shared/money';
import { orders, payments } from '../../db/schema';
import { discountCodeOf } from '../discounts/service';
import { invoiceOrderId } from '../invoices/service';
import type { Tx } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { toCustomerOrder } from '../orders/service';

/** A payment as the API shows it (payments/service.ts settles and expires them). */
export type PaymentRow = typeof payments.$inferSelect;

export const toPayment = (row: PaymentRow, discountCode: string | null = null): Payment => ({
  Id: row.id,
  Reference: row.reference,
  Kind: row.kind,
  Status: row.status,
  Provider: row.provider,
  Subtotal: toPounds(row.subtotalPence),
  Discount: toPounds(row.discountPence),
  DiscountCode: discountCode,
  Amount: toPounds(row.amountPence),
  CheckoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
  LastFailure: row.lastFailure,
  InvoiceId: row.invoiceId,
  Created: row.createdAt.toISOString(),
  PaidAt: row.paidAt?.toISOString() ?? null,
});

/** A checkout's orders, built once (db/prepared.ts). */
const ordersOfPayment = builtOnce((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.paymentId, sql.placeholder('paymentId')))
    .orderBy(asc(orders.id))
    .prepare(''),
);

/** The orders a payment pays for: its checkout's orders, or the order of its invoice. */
export async function ordersOf(tx: Tx, row: PaymentRow) {
  if (row.kind === 'checkout') return ordersOfPayment(tx).execute({ paymentId: row.id });
  const orderId = await invoiceOrderId(tx, row.invoiceId!);
  return tx.select().from(orders).where(eq(orders.id, orderId));
}

/** A payment and its orders, as the API answers them. */
export async function paymentView(tx: Tx, row: PaymentRow): Promise<CheckoutResult> {
  const rows = await ordersOf(tx, row);
  return {
    Payment: toPayment(row, await discountCodeOf(tx, row.discountCodeId)),
    Orders: rows.map((o) => ({ ...toCustomerOrder(o), LocalId: o.localId })),
  };
}

/** The customer's own payment by reference (another customer's is not found). */
export async function findCustomerPayment(tx: Tx, customerId: number, reference: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.reference, reference.toUpperCase()), eq(payments.customerId, customerId)),
    );
  return row ?? null;
}
