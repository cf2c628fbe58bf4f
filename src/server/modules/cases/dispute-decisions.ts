import { eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import {
  DISPUTE_MESSAGES,
  OUTCOME_OF,
  outcomeText,
  reduceRefusal,
  type DisputeDecision,
} from '../../../shared/disputes';
import { formatMoney, sumPence } from '../../../shared/money';
import { caseMessages, invoices, orderCases, orders, parcelPhotos, parcels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { recipient } from '../../lib/recipient';
import type { PhotoInput } from '../depot/receiving';
import { voidInvoice } from '../invoices/service';
import { recordOrderEvent } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { refundSources, reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { closeInvoicePayments } from '../payments/close';
import { audit } from '../../lib/audit';
import { withTrackUrl } from '../../lib/tracking-codes';
import { disputeDecidedEmail, disputeRemeasuredEmail } from './emails';
import { moveCase, moveInvoice } from '../../lib/status-moves';

/**
 * The staff's side of a dispute of a re-measure (decision 0038; the customer's side and what both
 * read are in ./disputes.ts): the parcel measured again, and the decision, taken once (the case
 * row locked and not yet Resolved; the refund of a paid invoice reserved in the same transaction
 * and asked of the provider with its own idempotency key, so a decision repeated after a crash
 * or two at once never give the money back twice).
 */

/** The dispute case locked, with its invoice and order (404, or 409 when it was decided). */
async function lockDispute(tx: Tx, caseId: number) {
  const [found] = await tx
    .select({ orderCase: orderCases, order: orders })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .where(eq(orderCases.id, caseId))
    .for('update', { of: orderCases });
  if (!found) throw new HttpError(404, OFFICE_MESSAGES.noSuchCase);
  const { orderCase } = found;
  if (orderCase.kind !== 'dispute' || orderCase.invoiceId === null) {
    throw new HttpError(409, DISPUTE_MESSAGES.notDispute);
  }
  if (orderCase.status === 'Resolved') throw new HttpError(409, DISPUTE_MESSAGES.decided);
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, orderCase.invoiceId))
    .for('update');
  return { orderCase, order: found.order, invoice };
}

const measuredText = (m: {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}) => `${m.lengthMm / 10} × ${m.widthMm / 10} × ${m.heightMm / 10} cm, ${m.weightGrams / 1000} kg`;

export interface RemeasureInput {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  photos: PhotoInput[];
}

/**
 * Staff measure the disputed parcel again: the new size and weight are kept on the case (the
 * arrival's stay on the parcel, as evidence), the new photos on the parcel marked as the
 * re-measure's; audited, on the order's timeline for staff, and e-mailed to the customer.
 */
export async function remeasureDispute(
  app: Uses<'clock' | 'config' | 'database'>,
  caseId: number,
  input: RemeasureInput,
  staffId: number,
) {
  const site = app.config;
  await app.database.db.transaction(async (tx) => {
    const { orderCase, order, invoice } = await lockDispute(tx, caseId);
    const [parcel] = await tx
      .select({ id: parcels.id })
      .from(parcels)
      .where(eq(parcels.orderId, order.id));
    if (!parcel) throw new HttpError(409, DISPUTE_MESSAGES.notAtDepot(order.status));
    const remeasure = {
      weightGrams: input.weightGrams,
      lengthMm: input.lengthMm,
      widthMm: input.widthMm,
      heightMm: input.heightMm,
      at: app.clock.now().toISOString(),
      staffId,
    };
    if (input.photos.length > 0) {
      await tx.insert(parcelPhotos).values(
        input.photos.map((p) => ({
          parcelId: parcel.id,
          ...p,
          createdBy: staffId,
          caseId: orderCase.id,
        })),
      );
    }
    await tx
      .update(orderCases)
      .set({ remeasure, updatedAt: new Date() })
      .where(eq(orderCases.id, orderCase.id));
    const { staffId: _staff, at: _at, ...facts } = remeasure;
    await recordOrderEvent(
      tx,
      order.id,
      { type: 'staff', id: staffId },
      `Re-measured for ${orderCase.reference}: ${measuredText(facts)}`,
      { kind: 'dispute-remeasured', caseId: orderCase.id, invoiceId: invoice.id },
    );
    await audit(tx, {
      actorId: staffId,
      action: 'remeasure',
      subject: 'Case',
      subjectId: orderCase.id,
      before: orderCase.remeasure ? { ...orderCase.remeasure } : null,
      after: { ...facts, Photos: input.photos.length },
    });
    const to = await recipient(tx, orderCase.customerId);
    if (to) {
      await queueMail(
        tx,
        disputeRemeasuredEmail(site, to, await withTrackUrl(tx, site, order), {
          caseReference: orderCase.reference,
          measured: measuredText(facts),
        }),
      );
    }
  });
}

export interface DecideInput {
  decision: DisputeDecision;
  /** The invoice's new amount, to reduce it. */
  amountPence?: number;
  message: string;
}

/**
 * Staff decide a dispute, once: uphold (the invoice stands), reduce (to `amountPence`) or cancel
 * the invoice. An unpaid invoice is changed (a payment page open for it is closed first; a
 * cancelled one is voided and its parcel released); a paid one is refunded the difference (or
 * all of it) through the provider, from its own payment. The case is Resolved with the outcome,
 * audited, on the timeline and e-mailed, in the transaction that reserves the refund.
 */
export async function decideDispute(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  caseId: number,
  input: DecideInput,
  staffId: number,
) {
  const db = app.database.db;
  const actor: Actor = { type: 'staff', id: staffId };
  const site = app.config;
  // A payment page open for the invoice is closed before its amount changes or it is voided.
  const [peek] = await db.select().from(orderCases).where(eq(orderCases.id, caseId));
  if (peek?.invoiceId && input.decision !== 'uphold' && peek.status !== 'Resolved') {
    await closeInvoicePayments(app, [peek.invoiceId], actor);
  }

  const { rows, reservedPence } = await db.transaction(async (tx) => {
    const { orderCase, order, invoice } = await lockDispute(tx, caseId);
    const current = invoice.amountPence;
    const newPence =
      input.decision === 'uphold' ? current : input.decision === 'cancel' ? 0 : input.amountPence;
    const reduceError = input.decision === 'reduce' ? reduceRefusal(newPence, current) : null;
    if (reduceError) {
      throw new HttpError(400, `Amount ${reduceError}.`, [{ field: 'Amount', error: reduceError }]);
    }
    if (input.decision !== 'reduce' && input.amountPence !== undefined) {
      const error = DISPUTE_MESSAGES.amountOnlyToReduce;
      throw new HttpError(400, `Amount ${error}.`, [{ field: 'Amount', error }]);
    }
    const after = newPence!;
    let refunds: RefundRow[] = [];
    let released = false;
    if (input.decision !== 'uphold') {
      if (invoice.status === 'unpaid' && input.decision === 'cancel') {
        released = (await voidInvoice(tx, invoice.id, actor))?.released ?? false;
      } else {
        if (input.decision === 'cancel' && invoice.status === 'paid') {
          await moveInvoice(tx, invoice.id, ['paid'], 'void', actor, { amountPence: current });
        } else {
          await tx
            .update(invoices)
            .set({
              amountPence: input.decision === 'cancel' ? current : after,
              updatedAt: new Date(),
            })
            .where(eq(invoices.id, invoice.id));
        }
        if (invoice.status === 'paid') {
          // What its payment still holds, less what the decision leaves to pay: a refund the
          // office made of it already counts (decision 0046), and may leave nothing to give.
          const held = sumPence(
            (await refundSources(tx, order, true))
              .filter((source) => source.payment.invoiceId === invoice.id)
              .map((source) => Math.max(0, source.paidPence - source.refundedPence)),
          );
          const owed = Math.max(0, held - after);
          if (owed > 0) {
            refunds = await reserveRefunds(
              tx,
              order,
              owed,
              `${orderCase.reference}: invoice ${invoice.reference} ${OUTCOME_OF[input.decision]}`,
              actor,
              { only: { invoiceId: invoice.id } },
            );
          }
        }
      }
    }
    const outcome = OUTCOME_OF[input.decision];
    const reservedPence = sumPence(refunds.map((r) => r.amountPence));
    await moveCase(tx, orderCase, 'Resolved', actor, {
      outcome,
      outcomePence: after,
      decidedBy: staffId,
    });
    const told = outcomeText(outcome, after, reservedPence);
    await tx.insert(caseMessages).values({
      caseId: orderCase.id,
      authorType: 'staff',
      authorId: staffId,
      body: input.message ? `${told}\n\n${input.message}` : told,
    });
    await recordOrderEvent(
      tx,
      order.id,
      actor,
      `${orderCase.reference}: ${invoice.reference} ${outcome} (${formatMoney(current)} to ${formatMoney(after)})`,
      { kind: 'dispute-decided', caseId: orderCase.id, invoiceId: invoice.id },
    );
    await audit(tx, {
      actorId: staffId,
      action: input.decision,
      subject: 'Case',
      subjectId: orderCase.id,
      before: { Status: orderCase.status, InvoiceAmount: current, InvoiceStatus: invoice.status },
      after: {
        Status: 'Resolved',
        Outcome: outcome,
        InvoiceAmount: after,
        Message: input.message,
        Released: released,
        Refunds: refunds.map((r) => ({ Id: r.id, Amount: r.amountPence, Status: r.status })),
      },
    });
    const to = await recipient(tx, orderCase.customerId);
    if (to) {
      await queueMail(
        tx,
        disputeDecidedEmail(site, to, await withTrackUrl(tx, site, order), {
          caseReference: orderCase.reference,
          invoiceReference: invoice.reference,
          outcome: told,
          message: input.message,
        }),
      );
    }
    return { rows: refunds, reservedPence };
  });

  const sent = await sendRefunds(app, rows, actor);
  const made = sumPence(sent.filter((r) => r.status === 'succeeded').map((r) => r.amountPence));
  return { reservedPence, refundedPence: made, pending: sent.some((r) => r.status === 'pending') };
}
