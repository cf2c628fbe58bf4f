import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { formatMoney } from '../../../shared/money';
import { allocateRefund, REFUND_MESSAGES, type RefundSource } from '../../../shared/refunds';
import { invoices, orders, payments, refunds } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { tell } from '../orders/tell';
import { recordOrderEvent } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { refundEmail } from './emails';
import { RefundRefusedError, type RefundResult } from './providers/provider';
import { moveRefund } from '../../lib/status-moves';

/**
 * Refunds (decision 0018): money given back on an order through the payment provider, in two steps
 * around the provider's call, as a discount use is reserved then redeemed (decision 0012):
 *
 * 1. `reserveRefunds`, in the use case's transaction: the order's paid payments are locked, what
 *    each may still give back for the order is counted (its share, less the refunds made or
 *    pending), and the refund is split over them and recorded `pending`. Two refunds at once are
 *    served one after the other, and the second sees the first: never more than was paid.
 * 2. `sendRefunds`, after that commit: the provider is asked, with the refund's own idempotency
 *    key; its answer is recorded (succeeded, or failed, which frees the amount again) with an
 *    event on the order's timeline. A provider that does not answer leaves the refund pending
 *    (still counted), so a retry can never give the money back twice.
 * 3. The follow-up (refund-follow-up.ts): a job asks the provider again about refunds left
 *    pending, and the provider's refund events settle them too; whichever answer comes first is
 *    recorded, once (`settleRefund`).
 */

export type RefundRow = typeof refunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Refunds that count against what may be given back: made, or waiting for the provider. */
const counted = ne(refunds.status, 'failed');

/**
 * The order's paid payments, oldest first (its checkout, then its invoices'), with what each
 * took for the order and what was given back of it. `lock` locks the payment rows.
 */
export async function refundSources(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'paymentId' | 'totalPence' | 'discountPence'>,
  lock = false,
): Promise<(RefundSource & { payment: PaymentRow })[]> {
  const invoiceIds = tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, order.id));
  const query = tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'paid'),
        or(
          order.paymentId === null ? sql`false` : eq(payments.id, order.paymentId),
          inArray(payments.invoiceId, invoiceIds),
        ),
      ),
    )
    .orderBy(asc(payments.id));
  const paid = lock ? await query.for('update') : await query;
  if (paid.length === 0) return [];
  const given = await tx
    .select({
      paymentId: refunds.paymentId,
      pence: sql<number>`sum(${refunds.amountPence})`.mapWith(Number),
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, order.id),
        inArray(
          refunds.paymentId,
          paid.map((p) => p.id),
        ),
        counted,
      ),
    )
    .groupBy(refunds.paymentId);
  return paid.map((payment) => ({
    payment,
    paymentId: payment.id,
    // A checkout may pay for several orders: this order's share is its total less its discount.
    paidPence:
      payment.kind === 'checkout' ? order.totalPence - order.discountPence : payment.amountPence,
    refundedPence: given.find((g) => g.paymentId === payment.id)?.pence ?? 0,
  }));
}

/**
 * Step 1, in the caller's transaction: reserves a refund of `amount` pence (or of all that is
 * left, `'all'`) on the order, split over its payments (or from one invoice's payment, `only`).
 * A 409 when that is more than is left;
 * `'all'` with nothing left reserves nothing.
 */
export async function reserveRefunds(
  tx: Tx,
  order: OrderRow,
  amount: number | 'all',
  reason: string,
  actor: Actor,
  {
    only,
    consignmentId = null,
    tellCustomer = false,
  }: {
    /**
     * Only from the payment of this invoice (a disputed invoice's refund, decision 0038), or only from
     * this payment (one taken after it was given up, decision 0046).
     */
    only?: { invoiceId: number } | { paymentId: number };
    /** The consolidation whose difference it gives back (decision 0041), if it is one's. */
    consignmentId?: number | null;
    /** E-mail the customer when it is made (`settleRefund`): the office's refund of an order. */
    tellCustomer?: boolean;
  } = {},
): Promise<RefundRow[]> {
  const sources = (await refundSources(tx, order, true)).filter(
    (s) =>
      !only ||
      ('invoiceId' in only
        ? s.payment.invoiceId === only.invoiceId
        : s.paymentId === only.paymentId),
  );
  const left = sources.reduce((sum, s) => sum + Math.max(0, s.paidPence - s.refundedPence), 0);
  if (amount === 'all' && left === 0) return [];
  const parts = allocateRefund(amount === 'all' ? left : amount, sources);
  if (!parts) throw new HttpError(409, REFUND_MESSAGES.tooMuch(left));
  const rows: RefundRow[] = [];
  for (const part of parts) {
    const payment = sources.find((s) => s.paymentId === part.paymentId)!.payment;
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: part.paymentId,
        orderId: order.id,
        amountPence: part.amountPence,
        reason,
        staffId: actor.type === 'staff' ? (actor.id ?? null) : null,
        provider: payment.provider,
        idempotencyKey: `ferrybox-refund-${randomUUID()}`,
        consignmentId,
        tellCustomer,
      })
      .returning();
    rows.push(row);
  }
  return rows;
}

/**
 * Step 2: asks the provider for each reserved refund and records its answer, each in a
 * transaction of its own. Returns the refunds as they now stand.
 */
export async function sendRefunds(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  rows: readonly RefundRow[],
  actor: Actor,
): Promise<RefundRow[]> {
  const done: RefundRow[] = [];
  for (const row of rows) done.push(await sendRefund(app, row, actor));
  return done;
}

async function sendRefund(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  row: RefundRow,
  actor: Actor,
): Promise<RefundRow> {
  const [payment] = await app.database.db
    .select()
    .from(payments)
    .where(eq(payments.id, row.paymentId));
  let outcome: { status: RefundResult['status']; refundId: string | null };
  try {
    if (!payment.providerPaymentId) throw new RefundRefusedError('the payment has no provider id');
    outcome = await app.paymentProvider.refund(
      payment.providerPaymentId,
      row.amountPence,
      row.idempotencyKey,
    );
  } catch (err) {
    if (!(err instanceof RefundRefusedError)) {
      // No answer: the refund may have been made. It stays pending (counted) for the follow-up.
      app.log.error({ err, refund: row.id }, 'refund: the payment provider did not answer');
      return row;
    }
    app.log.warn({ err, refund: row.id }, 'refund refused by the payment provider');
    outcome = { status: 'failed', refundId: null };
  }
  // Settled meanwhile by the follow-up or an event: read it as it now stands.
  const settled = await settleRefund(app, row.id, outcome, actor);
  return settled ?? (await app.database.db.select().from(refunds).where(eq(refunds.id, row.id)))[0];
}

/**
 * Records the provider's answer about a pending refund, once: the row changes only while it is
 * still pending, so the request that made it, the follow-up job and a webhook event may all bring
 * the same answer and only the first records it (with its one order event). Answers the refund
 * as it now stands, or null when it was settled already.
 */
export async function settleRefund(
  app: Uses<'config' | 'database'>,
  refundId: number,
  outcome: { status: 'succeeded' | 'pending' | 'failed'; refundId: string | null },
  actor: Actor,
): Promise<RefundRow | null> {
  return app.database.db.transaction(async (tx) => {
    const [updated] = await moveRefund(
      tx,
      refundId,
      ['pending'],
      outcome.status,
      actor,
      outcome.refundId === null ? {} : { providerRefundId: outcome.refundId },
    );
    if (!updated) return null;
    if (outcome.status !== 'pending') {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, updated.paymentId));
      const amount = formatMoney(updated.amountPence);
      await recordOrderEvent(
        tx,
        updated.orderId,
        actor,
        outcome.status === 'succeeded'
          ? `Refunded ${amount} (${payment.reference}): ${updated.reason}`
          : `The refund of ${amount} (${payment.reference}) was refused by the payment provider`,
        {
          kind: outcome.status === 'succeeded' ? 'refund' : 'refund-failed',
          refundId: updated.id,
          amountPence: updated.amountPence,
        },
      );
    }
    // Told in the transaction that records it made, whoever brings the provider's answer (the
    // request, the follow-up, an event): a failover after the refund loses no e-mail.
    if (outcome.status === 'succeeded' && updated.tellCustomer) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, updated.orderId));
      await tell(tx, app.config, order.customerId, order, (to, tracked) =>
        refundEmail(app.config, to, tracked, {
          reason: updated.reason,
          amountPence: updated.amountPence,
        }),
      );
    }
    return updated;
  });
}
