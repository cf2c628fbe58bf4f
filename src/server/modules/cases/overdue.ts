import { and, asc, eq, lte, ne } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { DISPUTE_MESSAGES, disputeDecideBy } from '../../../shared/disputes';
import { auditLog, caseMessages, invoices, orderCases, orders } from '../../db/schema';
import { queueMail } from '../../lib/mail';
import { recipient } from '../../lib/recipient';
import { audit } from '../../lib/audit';
import { withTrackUrl } from '../../lib/tracking-codes';
import { disputeOverdueEmail } from './emails';
import { disputeDecideDays } from './service';

/**
 * Disputes staff have not decided within `Invoices/DisputeDecideDays` of their opening (decision
 * 0038): the office sees them flagged (Today, the cases list, by their `DecideBy`), and the
 * customer is told once, with an apology, by a message on the case and an e-mail. Nothing is
 * decided for them: the parcel stays held until a member of staff decides. Once: the case row is
 * locked and an audit entry `dispute.overdue` marks it told, in the e-mail's own transaction.
 */

const DISPUTE_OVERDUE_QUEUE = 'dispute-overdue';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The open disputes past their decide-by date at `now`, each told once. Answers how many. */
export async function tellOverdueDisputes(
  app: Uses<'config' | 'database'>,
  now: Date,
): Promise<number> {
  const db = app.database.db;
  const days = await disputeDecideDays(db);
  const late = await db
    .select({ id: orderCases.id })
    .from(orderCases)
    .where(
      and(
        eq(orderCases.kind, 'dispute'),
        ne(orderCases.status, 'Resolved'),
        lte(orderCases.createdAt, new Date(now.getTime() - days * DAY_MS)),
      ),
    )
    .orderBy(asc(orderCases.id));
  let told = 0;
  for (const { id } of late) {
    told += await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ orderCase: orderCases, order: orders, invoice: invoices })
        .from(orderCases)
        .innerJoin(orders, eq(orders.id, orderCases.orderId))
        .innerJoin(invoices, eq(invoices.id, orderCases.invoiceId))
        .where(eq(orderCases.id, id))
        .for('update', { of: orderCases });
      if (!found || found.orderCase.status === 'Resolved') return 0;
      const [already] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.subject, 'Case'),
            eq(auditLog.subjectId, String(id)),
            eq(auditLog.action, 'dispute.overdue'),
          ),
        );
      if (already) return 0;
      const { orderCase, order, invoice } = found;
      const decideBy = disputeDecideBy(orderCase.createdAt, days);
      const message = DISPUTE_MESSAGES.overdue(decideBy);
      await tx
        .insert(caseMessages)
        .values({ caseId: id, authorType: 'system', authorId: null, body: message, at: now });
      await audit(tx, {
        actorId: null,
        action: 'dispute.overdue',
        subject: 'Case',
        subjectId: id,
        after: { DecideBy: decideBy.toISOString(), Days: days, Told: now.toISOString() },
      });
      const to = await recipient(tx, orderCase.customerId);
      if (to) {
        await queueMail(
          tx,
          disputeOverdueEmail(app.config, to, await withTrackUrl(tx, app.config, order), {
            caseReference: orderCase.reference,
            invoiceReference: invoice.reference,
            message,
          }),
        );
      }
      return 1;
    });
  }
  return told;
}

/** Runs every hour on a worker node, by the app's clock. */
export async function scheduleOverdueDisputes(
  app: Uses<'clock' | 'config' | 'database' | 'jobs' | 'log'>,
) {
  await app.jobs.every(DISPUTE_OVERDUE_QUEUE, '37 * * * *', async () => {
    const told = await tellOverdueDisputes(app, app.clock.now());
    if (told) app.log.info({ told }, 'overdue disputes told');
  });
}
