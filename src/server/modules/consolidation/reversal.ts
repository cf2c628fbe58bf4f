import { eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { CONSOLIDATION_MESSAGES, consignmentReference } from '../../../shared/consolidation';
import { formatMoney, sumPence } from '../../../shared/money';
import { consignments, invoices, orders, refunds } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { freshMembers, lockConsignment, tell } from '../consignments/core';
import { raiseInvoice, voidInvoice } from '../invoices/service';
import { recordOrderEvent } from '../orders/lifecycle';
import { staffActor } from '../../lib/actor';
import { closeInvoicePayments } from '../payments/close';
import { reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { audit } from '../../lib/audit';
import { consolidationReversedEmail } from '../consignments/emails';
import { staffConsignment } from './views';

/**
 * The office's reversal of a dispatched consignment's difference (decision 0041,
 * docs/decisions/0041), once, under the consignment's lock: a refund it makes is reserved in the
 * transaction and sent to the provider after the commit, as the dispatch's are (depot-steps.ts).
 */

/**
 * The office reverses the difference, once: a refund made is invoiced back (nothing can be taken
 * from a card), an unpaid invoice voided, a paid one refunded. Audited and e-mailed.
 */
export async function reverseDifference(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  id: number,
  reason: string,
  staffId: number,
) {
  const actor = staffActor(staffId);
  const db = app.database.db;
  // The page of a payment started for the difference's invoice is closed before it is voided
  // (one paid meanwhile is booked, and refunded below as a paid invoice).
  const [peek] = await db
    .select({ invoiceId: consignments.invoiceId })
    .from(consignments)
    .where(eq(consignments.id, id));
  if (peek?.invoiceId) {
    await closeInvoicePayments(app, [peek.invoiceId], actor, 'The difference was reversed');
  }
  const reserved = await db.transaction(async (tx) => {
    const row = await lockConsignment(tx, id);
    if (row.reversedAt) throw new HttpError(409, CONSOLIDATION_MESSAGES.alreadyReversed);
    if (row.status !== 'dispatched')
      throw new HttpError(409, CONSOLIDATION_MESSAGES.nothingToReverse);
    const members = await freshMembers(tx, row);
    const made = await tx.select().from(refunds).where(eq(refunds.consignmentId, id));
    // A refund the provider has not confirmed yet (the follow-up settles it) is neither given nor
    // failed: reversing now would invoice back too little, so the office waits for it.
    if (made.some((r) => r.status === 'pending'))
      throw new HttpError(409, CONSOLIDATION_MESSAGES.refundPending);
    const givenPence = sumPence(
      made.filter((r) => r.status === 'succeeded').map((r) => r.amountPence),
    );
    let what: string;
    let rows: RefundRow[] = [];
    let reversalInvoiceId: number | null = null;
    if (givenPence > 0) {
      const raised = await raiseInvoice(
        tx,
        {
          orderId: members[0].orderId,
          amountPence: givenPence,
          reason: `Reversal of the refund on consolidation ${consignmentReference(id)}: ${reason}`,
          hold: false,
        },
        actor,
      );
      reversalInvoiceId = raised.Id;
      what = `We corrected the refund of ${formatMoney(givenPence)} made on ${consignmentReference(id)}: ${reason}. Invoice ${raised.Reference} asks for it back, to pay at ${app.config.publicUrl}/dashboard/pay/${raised.Id}.`;
    } else if (row.invoiceId) {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId));
      if (invoice.status === 'unpaid') {
        await voidInvoice(tx, invoice.id, actor);
        what = `Invoice ${invoice.reference} for ${formatMoney(invoice.amountPence)} on ${consignmentReference(id)} is cancelled: ${reason}. There is nothing to pay.`;
      } else if (invoice.status === 'paid') {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, invoice.orderId))
          .for('update');
        rows = await reserveRefunds(
          tx,
          order,
          invoice.amountPence,
          `Reversal of ${invoice.reference} (consolidation ${consignmentReference(id)}): ${reason}`,
          actor,
          { consignmentId: id },
        );
        what = `We are refunding the ${formatMoney(invoice.amountPence)} you paid for invoice ${invoice.reference} on ${consignmentReference(id)}: ${reason}.`;
      } else {
        throw new HttpError(409, CONSOLIDATION_MESSAGES.nothingToReverse);
      }
    } else {
      throw new HttpError(409, CONSOLIDATION_MESSAGES.nothingToReverse);
    }
    await tx
      .update(consignments)
      .set({
        reversedAt: app.clock.now(),
        reversedBy: staffId,
        reversalInvoiceId,
        updatedAt: new Date(),
      })
      .where(eq(consignments.id, id));
    for (const m of members) {
      await recordOrderEvent(
        tx,
        m.orderId,
        actor,
        `Consolidation ${consignmentReference(id)}: difference reversed: ${reason}`,
        {
          kind: 'note',
        },
      );
    }
    await audit(tx, {
      actorId: staffId,
      action: 'reverse',
      subject: 'Consignment',
      subjectId: id,
      before: { Refunded: givenPence, Invoice: row.invoiceId },
      after: {
        Reason: reason,
        ReversalInvoice: reversalInvoiceId,
        Refunds: rows.map((r) => ({ Id: r.id, Amount: r.amountPence })),
      },
    });
    await tell(tx, app.config, row, members, (to, c) =>
      consolidationReversedEmail(app.config, to, c, what),
    );
    return rows;
  });
  await sendRefunds(app, reserved, actor);
  return db.transaction((tx) => staffConsignment(tx, id, app.clock.now()));
}
