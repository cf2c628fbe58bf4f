import { and, eq, isNull, not, or, sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, type CheckoutResult } from '../../../shared/api/checkout';
import { toPence } from '../../../shared/money';
import { paymentReference } from '../../../shared/order-reference';
import type { Tx } from '../../db/client';
import { nextIds } from '../../db/next-ids';
import { builtOnce } from '../../db/prepared';
import { invoices, payments } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Uses } from '../../lib/uses';
import { uniqueViolation } from '../auth/user-data';
import { findCustomerInvoice, openDisputeOf } from '../invoices/service';
import { paysForAQuote } from '../orders/quotes';
import { PAYMENT_TTL_MS } from './service';
import { paymentView, toPayment, type PaymentRow } from './views';

/**
 * Starting a payment (decision 0012): its page at the provider, the checkouts a new one
 * replaces, and an invoice's payment. Settling what the provider answers is ./service.ts's.
 */

/** Whose payment it is: the signed-in customer, as their session read them. */
export interface Payer {
  id: number;
  email: string | null;
}

// The statements below are built once (db/prepared.ts).
const pageOpened = builtOnce((db) =>
  db
    .update(payments)
    .set({
      providerSessionId: sql`${sql.placeholder('sessionId')}`,
      checkoutUrl: sql`${sql.placeholder('url')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(and(eq(payments.id, sql.placeholder('id')), isNull(payments.providerSessionId)))
    .returning()
    .prepare(''),
);

const paymentsBefore = builtOnce((db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.customerId, sql.placeholder('customerId')),
        or(
          eq(payments.idempotencyKey, sql.placeholder('key')),
          and(eq(payments.kind, 'checkout'), eq(payments.status, 'pending'), not(paysForAQuote)),
        ),
      ),
    )
    .orderBy(payments.id)
    .prepare(''),
);

/**
 * A payment and its orders as the API answers them, its page at the provider opened first when
 * it has none yet (the first attempt failed, or the payment was just made). Two callers racing
 * keep one page: the other is closed. The orders are read once: opening the page changes only
 * the payment.
 */
export async function openedPaymentView(
  app: Uses<'config' | 'database' | 'paymentProvider'>,
  row: PaymentRow,
  payer: Payer,
): Promise<CheckoutResult> {
  const db = app.database.db;
  const view = await paymentView(db, row);
  if (row.status !== 'pending' || row.providerSessionId) return view;
  const base = app.config.publicUrl;
  const session = await app.paymentProvider.createSession({
    reference: row.reference,
    amountPence: row.amountPence,
    lines:
      row.kind === 'checkout'
        ? view.Orders.map((o) => ({
            name: `${o.Reference}: delivery to ${o.Island}`,
            pence: toPence(o.Subtotal),
          }))
        : [
            {
              name: `Invoice for ${view.Orders[0]?.Reference ?? 'your order'}`,
              pence: row.amountPence,
            },
          ],
    discountPence: row.discountPence,
    customerEmail: payer.email,
    successUrl: `${base}/payment/success/?ref=${row.reference}`,
    cancelUrl: `${base}/payment/failure/?ref=${row.reference}&reason=cancelled`,
    expiresAt: new Date(row.createdAt.getTime() + PAYMENT_TTL_MS),
  });
  let [opened] = await pageOpened(db).execute({
    id: row.id,
    sessionId: session.sessionId,
    url: session.url,
    now: payments.updatedAt.mapToDriverValue(new Date()),
  });
  if (!opened) {
    await app.paymentProvider.expireSession(session.sessionId);
    [opened] = await db.select().from(payments).where(eq(payments.id, row.id));
  }
  return { ...view, Payment: toPayment(opened, view.Payment.DiscountCode) };
}

/**
 * What a new checkout with this idempotency key meets, in one statement: the payment made with
 * the key (`earlier`: a repeat, or the checkout this key started before), and the customer's
 * other pending checkouts (`others`: a new checkout replaces them). An accepted quote's payment
 * is not a basket's, and stays.
 */
export async function checkoutsBefore(tx: Tx, customerId: number, key: string) {
  const rows = await paymentsBefore(tx).execute({ customerId, key });
  return {
    earlier: rows.find((row) => row.idempotencyKey === key) ?? null,
    others: rows.filter((row) => row.idempotencyKey !== key),
  };
}

/**
 * POST /public/payment/additional/{Id}: starts paying one of the customer's unpaid invoices, or
 * answers the payment already started for it (one pending payment per invoice, kept so by a
 * unique index even when two requests race).
 */
export async function startInvoicePayment(
  app: Uses<'config' | 'database' | 'paymentProvider'>,
  customer: Payer,
  invoiceId: number,
): Promise<{ result: CheckoutResult; created: boolean }> {
  const db = app.database.db;
  const customerId = customer.id;
  const found = await findCustomerInvoice(db, customerId, invoiceId);
  if (!found) throw new HttpError(404, CHECKOUT_MESSAGES.invoiceNotFound);
  if (found.row.status !== 'unpaid') throw new HttpError(409, CHECKOUT_MESSAGES.invoiceNotPayable);
  const refuseWhileDisputed = async (tx: Pick<Tx, 'select'>) => {
    const disputed = await openDisputeOf(tx, invoiceId);
    if (disputed) {
      throw new HttpError(409, CHECKOUT_MESSAGES.invoiceDisputed(found.row.reference, disputed));
    }
  };
  await refuseWhileDisputed(db);
  const pending = () =>
    db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'pending')));
  let [row] = await pending();
  let created = false;
  if (!row) {
    try {
      row = await db.transaction(async (tx) => {
        // The invoice locked as opening a dispute locks it: a dispute opened meanwhile refuses
        // this payment, or closes the page started before it (openDispute's caller).
        await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.id, invoiceId))
          .for('update');
        await refuseWhileDisputed(tx);
        const [id] = await nextIds(tx, 'payments');
        const [inserted] = await tx
          .insert(payments)
          .values({
            id,
            reference: paymentReference(id),
            customerId,
            kind: 'invoice',
            provider: app.paymentProvider.name,
            subtotalPence: found.row.amountPence,
            amountPence: found.row.amountPence,
            invoiceId,
          })
          .returning();
        return inserted;
      });
      created = true;
    } catch (err) {
      if (uniqueViolation(err) !== 'payments_invoice_pending_idx') throw err;
      [row] = await pending();
    }
  }
  return { result: await openedPaymentView(app, row, customer), created };
}
