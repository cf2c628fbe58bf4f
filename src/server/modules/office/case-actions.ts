import { eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '../../../shared/disputes';
import type { Uses } from '../../lib/uses';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { caseMessages, orderCases, orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { staffActor, type Tx } from '../orders/lifecycle';
import { lockOrder, refundShortfall, succeededPence, tell } from './service';
import { reserveRefunds, sendRefunds } from '../payments/refunds';
import { audit } from '../staff/audit';
import { caseEmail } from './emails';

/**
 * The office's answers to a customer's case (issue 14): a reply, and the resolution, each on the
 * case's thread, e-mailed to the customer and audited.
 */

async function lockCase(tx: Tx, id: number, resolving = false) {
  const [row] = await tx
    .select({ orderCase: orderCases, order: orders })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .where(eq(orderCases.id, id))
    .for('update', { of: orderCases });
  if (!row) throw new HttpError(404, OFFICE_MESSAGES.noSuchCase);
  if (row.orderCase.status === 'Resolved') throw new HttpError(409, OFFICE_MESSAGES.caseResolved);
  if (resolving && row.orderCase.kind === 'dispute') {
    throw new HttpError(409, DISPUTE_MESSAGES.decideNotResolve);
  }
  return row;
}

/** A staff message on a case, the status it moves to, and the customer's e-mail, in `tx`. */
async function answerCase(
  tx: Tx,
  app: Uses<'config'>,
  caseId: number,
  { message, resolved, refundPence }: { message: string; resolved: boolean; refundPence: number },
  staffId: number,
) {
  const { orderCase, order } = await lockCase(tx, caseId, resolved);
  const status = resolved ? 'Resolved' : 'Answered';
  await tx
    .insert(caseMessages)
    .values({ caseId, authorType: 'staff', authorId: staffId, body: message });
  await tx
    .update(orderCases)
    .set({ status, updatedAt: new Date() })
    .where(eq(orderCases.id, caseId));
  await audit(tx, {
    actorId: staffId,
    action: resolved ? 'resolve' : 'reply',
    subject: 'Case',
    subjectId: caseId,
    before: { Status: orderCase.status },
    after: { Status: status, Message: message, ...(refundPence ? { Refund: refundPence } : {}) },
  });
  await tell(tx, app.config, orderCase.customerId, order, (to, tracked) =>
    caseEmail(app.config, to, tracked, {
      caseReference: orderCase.reference,
      message,
      resolved,
      refundPence,
    }),
  );
}

/** Replies to the customer on a case: Answered, and the customer is e-mailed the reply. */
export async function replyToCase(
  app: Uses<'config' | 'database'>,
  caseId: number,
  message: string,
  staffId: number,
) {
  await app.database.db.transaction((tx) =>
    answerCase(tx, app, caseId, { message, resolved: false, refundPence: 0 }, staffId),
  );
}

export const RESOLVED_MESSAGE = 'We have looked into your report and resolved this case.';

/**
 * Resolves a case, with a refund on its order when given: the refund is made first, and the case
 * is resolved only once the provider has made it (a refused refund leaves the case as it was).
 */
export async function resolveCase(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  caseId: number,
  { message, refundPence }: { message: string; refundPence: number },
  staffId: number,
) {
  const db = app.database.db;
  const actor = staffActor(staffId);
  if (refundPence > 0) {
    const rows = await db.transaction(async (tx) => {
      const { orderCase } = await lockCase(tx, caseId, true);
      const order = await lockOrder(tx, orderCase.orderId);
      return reserveRefunds(tx, order, refundPence, `Case ${orderCase.reference}`, actor);
    });
    const sent = await sendRefunds(app, rows, actor);
    if (succeededPence(sent) < refundPence) throw refundShortfall(sent);
  }
  await db.transaction((tx) =>
    answerCase(
      tx,
      app,
      caseId,
      { message: message || RESOLVED_MESSAGE, resolved: true, refundPence },
      staffId,
    ),
  );
}
