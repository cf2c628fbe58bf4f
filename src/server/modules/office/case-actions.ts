import { eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '../../../shared/disputes';
import type { Uses } from '../../lib/uses';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { caseMessages, orderCases, orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { staffActor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { tell } from '../orders/tell';
import { lockOrder, refundShortfall, succeededPence } from './service';
import { reserveRefunds, sendRefunds } from '../payments/refunds';
import { audit } from '../../lib/audit';
import { caseEmail } from './emails';
import { moveCase } from '../../lib/status-moves';

/**
 * The office's answers to a customer's case (decision 0018): a reply, and the resolution, each on
 * the case's thread, e-mailed to the customer and audited.
 */

const caseQuery = (tx: Tx, id: number) =>
  tx
    .select({ orderCase: orderCases, order: orders })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .where(eq(orderCases.id, id));

async function readCase(tx: Tx, id: number) {
  const [row] = await caseQuery(tx, id);
  return row;
}

async function lockCase(tx: Tx, id: number, resolving = false) {
  const [row] = await caseQuery(tx, id).for('update', { of: orderCases });
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
  answer: CaseAnswer,
  staffId: number,
  { tellNow = true } = {},
) {
  const { message, resolved, refundPence } = answer;
  const { orderCase, order } = await lockCase(tx, caseId, resolved);
  const status = resolved ? 'Resolved' : 'Answered';
  await tx
    .insert(caseMessages)
    .values({ caseId, authorType: 'staff', authorId: staffId, body: message });
  await moveCase(tx, orderCase, status, staffActor(staffId));
  await audit(tx, {
    actorId: staffId,
    action: resolved ? 'resolve' : 'reply',
    subject: 'Case',
    subjectId: caseId,
    before: { Status: orderCase.status },
    after: { Status: status, Message: message, ...(refundPence ? { Refund: refundPence } : {}) },
  });
  if (tellNow) await tellResolution(tx, app, orderCase, order, answer);
}

type CaseAnswer = { message: string; resolved: boolean; refundPence: number };
type CaseRow = typeof orderCases.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Queues the customer's e-mail of a staff answer on a case. */
async function tellResolution(
  tx: Tx,
  app: Uses<'config'>,
  orderCase: CaseRow,
  order: OrderRow,
  { message, resolved, refundPence }: CaseAnswer,
) {
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
 * Resolves a case, with a refund on its order when given. The case is resolved and the refund
 * reserved in one transaction, the case's row locked (decision 0046): of two resolutions at
 * once the second waits and finds the case resolved, so the money is reserved once. The provider
 * is asked after that commit with the refund's own key; the customer is e-mailed once it has
 * answered. A refund the provider refuses puts the case back as it was (and frees the amount).
 */
export async function resolveCase(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  caseId: number,
  { message, refundPence }: { message: string; refundPence: number },
  staffId: number,
) {
  const db = app.database.db;
  const actor = staffActor(staffId);
  const answer = { message: message || RESOLVED_MESSAGE, resolved: true, refundPence };
  const { rows, before } = await db.transaction(async (tx) => {
    const { orderCase } = await lockCase(tx, caseId, true);
    const reserved =
      refundPence > 0
        ? await reserveRefunds(
            tx,
            await lockOrder(tx, orderCase.orderId),
            refundPence,
            `Case ${orderCase.reference}`,
            actor,
          )
        : [];
    // Without a refund the e-mail leaves with the resolution; with one, after the provider.
    await answerCase(tx, app, caseId, answer, staffId, { tellNow: refundPence === 0 });
    return { rows: reserved, before: orderCase.status };
  });
  if (refundPence === 0) return;
  const sent = await sendRefunds(app, rows, actor);
  if (sent.some((r) => r.status === 'failed')) {
    await db.transaction(async (tx) => {
      const reason = 'The payment provider refused the refund';
      const resolved = { id: caseId, kind: 'missing-items' as const, status: 'Resolved' as const };
      await moveCase(tx, resolved, before, { ...actor, note: reason });
      await audit(tx, {
        actorId: staffId,
        action: 'reopen',
        subject: 'Case',
        subjectId: caseId,
        before: { Status: 'Resolved' },
        after: { Status: before, Reason: reason },
      });
    });
    throw refundShortfall(sent);
  }
  // Made, or pending and followed up until the provider confirms it: the case stays resolved.
  await db.transaction(async (tx) => {
    const { orderCase, order } = await readCase(tx, caseId);
    await tellResolution(tx, app, orderCase, order, answer);
  });
  if (succeededPence(sent) < refundPence) throw refundShortfall(sent);
}
