import { and, asc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { payments } from '../../db/schema';
import { checkouts } from '../../lib/metrics';
import { abandonPayment, PAYMENT_TTL_MS, settleSession } from './service';
import { SYSTEM, type Actor } from '../../lib/actor';
import type { PaymentRow } from './views';

/**
 * Pending payments we no longer want (decision 0012): replaced by a newer checkout, an invoice
 * voided, or left unpaid for 24 hours (a job every five minutes). The provider's page is closed
 * first; one the customer paid meanwhile is booked instead.
 */

/**
 * Ends a pending payment we no longer want: the provider's page is closed first, and if the
 * provider says it was paid in the meantime, the payment is booked instead.
 */
export async function closePayment(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  row: PaymentRow,
  status: 'expired' | 'cancelled',
  note: string,
  actor: Actor,
): Promise<'closed' | 'paid'> {
  if (row.providerSessionId) {
    const answer = await app.paymentProvider.expireSession(row.providerSessionId);
    if (answer === 'paid') {
      await settleSession(app, await app.paymentProvider.retrieveSession(row.providerSessionId));
      return 'paid';
    }
  }
  const closed = await app.database.db.transaction((tx) =>
    abandonPayment(tx, row.id, status, note, actor),
  );
  if (closed && status === 'expired' && row.kind === 'checkout') {
    checkouts.inc({ outcome: 'expired' });
  }
  return 'closed';
}

/**
 * Closes the provider's page of a payment started for an unpaid invoice, so it cannot be paid
 * once voided. Answers `paid` when the customer paid it first (it is booked instead). A payment
 * the voiding itself cancelled (in its transaction, before this runs) has its page closed too;
 * money taken on it meanwhile is refunded (settleSession, decision 0046).
 */
export async function closeInvoicePayments(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  invoiceIds: number[],
  actor: Actor,
  why = 'The invoice was voided',
) {
  if (invoiceIds.length === 0) return 'closed';
  const pending = await app.database.db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.invoiceId, invoiceIds),
        or(
          eq(payments.status, 'pending'),
          and(eq(payments.status, 'cancelled'), isNotNull(payments.providerSessionId)),
        ),
      ),
    );
  let outcome: 'closed' | 'paid' = 'closed';
  for (const row of pending) {
    if ((await closePayment(app, row, 'cancelled', why, actor)) === 'paid') {
      outcome = 'paid';
    }
  }
  return outcome;
}

/** Closes payments left pending for 24 hours (run by a job every few minutes). */
export async function expireStalePayments(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  now = new Date(),
) {
  const stale = await app.database.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, new Date(now.getTime() - PAYMENT_TTL_MS)),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(200);
  const counts = { expired: 0, paid: 0 };
  for (const row of stale) {
    const outcome = await closePayment(app, row, 'expired', 'Not paid within 24 hours', SYSTEM);
    counts[outcome === 'paid' ? 'paid' : 'expired'] += 1;
  }
  return counts;
}

const EXPIRE_QUEUE = 'payments-expire';

/** Runs the expiry every five minutes on a worker node (one node per tick). */
export async function schedulePaymentExpiry(
  app: Uses<'clock' | 'config' | 'database' | 'jobs' | 'log' | 'paymentProvider'>,
) {
  await app.jobs.every(EXPIRE_QUEUE, '*/5 * * * *', async () => {
    const counts = await expireStalePayments(app);
    if (counts.expired || counts.paid) app.log.info(counts, 'stale payments closed');
  });
}
