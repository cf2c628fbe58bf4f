import { and, asc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { payments, refunds } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { RefundRefusedError, type ProviderEvent, type RefundResult } from './providers/provider';
import { settleRefund, type RefundRow } from './refunds';

/**
 * The follow-up of refunds left pending (decision 0018): the provider did not answer the refund's
 * call (a timeout, a dropped connection), or answered that the refund is still on its way. Two
 * ways settle them, whichever comes first, and `settleRefund` records the answer once:
 *
 * - A job every minute asks the provider again about each refund pending for more than
 *   REFUND_RETRY_AFTER_MS: one it never answered is asked again with the SAME idempotency key
 *   (so the provider answers the refund it made, or makes it now, never a second one); one it
 *   answered `pending` is looked up by the provider's id. Idempotency keys are kept for 24 hours
 *   (Stripe's), so a refund never answered is asked again only within REFUND_RETRY_WITHIN_MS of
 *   its creation; after that it is left to a person, as before.
 * - The provider's refund events (Stripe's `refund.*` and `charge.refunded`), which name the
 *   refund by the provider's id or by our key in its metadata.
 */

/** A pending refund is asked about again once it is this old (the first call may still run). */
const REFUND_RETRY_AFTER_MS = 60_000;
/** Asked again with its idempotency key only while the provider still knows the key. */
export const REFUND_RETRY_WITHIN_MS = 23 * 60 * 60_000;

const REFUND_FOLLOW_UP_QUEUE = 'refunds-follow-up';

/** The follow-up's events are the provider's word, told on the order's timeline as such. */
const PROVIDER: Actor = { type: 'provider' };

/** What the provider says now about a pending refund (null: still no answer). */
async function askAgain(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  row: RefundRow,
) {
  try {
    if (row.providerRefundId) return await app.paymentProvider.retrieveRefund(row.providerRefundId);
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, row.paymentId));
    if (!payment.providerPaymentId) throw new RefundRefusedError('the payment has no provider id');
    return await app.paymentProvider.refund(
      payment.providerPaymentId,
      row.amountPence,
      row.idempotencyKey,
    );
  } catch (err) {
    if (err instanceof RefundRefusedError) {
      app.log.warn({ err, refund: row.id }, 'refund refused by the payment provider (follow-up)');
      return { status: 'failed' as const, refundId: null };
    }
    app.log.warn({ err, refund: row.id }, 'refund follow-up: the payment provider did not answer');
    return null;
  }
}

/**
 * Asks the provider about the refunds pending for more than a minute (oldest first, up to 100 a
 * run) and records each answer. Answers how many were settled each way.
 */
export async function followUpRefunds(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  now = new Date(),
) {
  const before = new Date(now.getTime() - REFUND_RETRY_AFTER_MS);
  const since = new Date(now.getTime() - REFUND_RETRY_WITHIN_MS);
  const pending = await app.database.db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.provider, app.paymentProvider.name),
        lt(refunds.createdAt, before),
        // Answered pending: looked up by its id at any age; never answered: within the key's life.
        or(isNotNull(refunds.providerRefundId), gt(refunds.createdAt, since)),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(100);
  const counts = { succeeded: 0, failed: 0, pending: 0 };
  for (const row of pending) {
    const answer = await askAgain(app, row);
    if (!answer) {
      counts.pending += 1;
      continue;
    }
    const settled = await settleRefund(app, row.id, answer, PROVIDER);
    counts[settled?.status ?? 'pending'] += settled ? 1 : 0;
  }
  return counts;
}

/** Runs the follow-up every minute on a worker node. */
export async function scheduleRefundFollowUp(
  app: Uses<'config' | 'database' | 'jobs' | 'log' | 'paymentProvider'>,
) {
  await app.jobs.every(
    REFUND_FOLLOW_UP_QUEUE,
    '* * * * *',
    async () => {
      const counts = await followUpRefunds(app);
      if (counts.succeeded || counts.failed) app.log.info(counts, 'pending refunds settled');
    },
    { retryLimit: 0 },
  );
}

/**
 * A provider's refund event: each refund it names that is ours and pending is settled with its
 * status. An event that names none (a charge without its refunds listed) has the payment's
 * pending refunds asked about at once.
 */
export async function settleRefundEvent(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  event: Extract<ProviderEvent, { type: 'refunds' }>,
) {
  const db = app.database.db;
  let settled = 0;
  for (const told of event.refunds) {
    const [row] = await db
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.provider, app.paymentProvider.name),
          or(
            eq(refunds.providerRefundId, told.refundId),
            told.idempotencyKey ? eq(refunds.idempotencyKey, told.idempotencyKey) : undefined,
          ),
        ),
      );
    // A refund made at the provider's own dashboard is not ours to record.
    if (!row || row.status !== 'pending') continue;
    const answer: RefundResult = { refundId: told.refundId, status: told.status };
    if (await settleRefund(app, row.id, answer, PROVIDER)) settled += 1;
  }
  if (event.refunds.length === 0 && event.providerPaymentId) {
    const pending = await db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(eq(payments.providerPaymentId, event.providerPaymentId), eq(refunds.status, 'pending')),
      );
    for (const { refund } of pending) {
      const answer = await askAgain(app, refund);
      if (answer && (await settleRefund(app, refund.id, answer, PROVIDER))) settled += 1;
    }
  }
  return settled;
}
