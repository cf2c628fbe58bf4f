import { eq, inArray } from 'drizzle-orm';
import { invoices, orders, payments, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { readOutbox } from '../../src/server/lib/mail';
import type { TestContext } from './app';

/**
 * Money as both sides recorded it, for the races over money (decision 0046): the refunds of our
 * own table and those the sandbox provider made, in pence, for the payments given.
 */
async function refundsBothSides(ctx: TestContext, paymentIds: readonly number[]) {
  const db = ctx.database.db;
  if (paymentIds.length === 0) return { ours: [], provider: [] };
  const paid = await db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...paymentIds]));
  const ours = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.paymentId, [...paymentIds]));
  const providerIds = paid.map((p) => p.providerPaymentId).filter((id): id is string => !!id);
  const provider =
    providerIds.length === 0
      ? []
      : await db
          .select()
          .from(sandboxRefunds)
          .where(inArray(sandboxRefunds.paymentId, providerIds));
  return {
    /** Our refunds that count (made or waiting for the provider), in pence. */
    ours: ours
      .filter((r) => r.status !== 'failed')
      .map((r) => r.amountPence)
      .sort((a, b) => a - b),
    provider: provider.map((r) => r.amountPence).sort((a, b) => a - b),
  };
}

/** The ids of the payments made for an order: its checkout's, then its invoices'. */
export async function paymentIdsOf(ctx: TestContext, orderId: number) {
  const db = ctx.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const billed = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.orderId, orderId));
  return [...(order.paymentId === null ? [] : [order.paymentId]), ...billed.map((p) => p.id)];
}

/** Both sides' refunds of an order's payments (`refundsBothSides`). */
export const orderRefundsBothSides = async (ctx: TestContext, orderId: number) =>
  refundsBothSides(ctx, await paymentIdsOf(ctx, orderId));

/** How many messages of `kind` the outbox holds for `to` (after the queue delivered them). */
export const mailCount = async (ctx: TestContext, to: string, kind: string) =>
  (await readOutbox(ctx.config.outboxDir)).filter((e) => e.to === to && e.kind === kind).length;

/** `count` copies of one request, sent at once. */
export const atOnce = <T>(count: number, send: () => Promise<T>) =>
  Promise.all(Array.from({ length: count }, send));
