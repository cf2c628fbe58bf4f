import { and, desc, eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { ORDER_DETAIL_MESSAGES } from '../../../shared/order-timeline';
import { sumPence } from '../../../shared/money';
import type { OrderStatus } from '../../../shared/order-status';
import { canWithdrawReturn, RETURN_MESSAGES } from '../../../shared/returns';
import { invoices, orderEvents, orders, payments, retailerReturns } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { recipient } from '../../lib/recipient';
import { voidInvoice } from '../invoices/service';
import { transitionOrders } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import { reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { closeInvoicePayments } from '../payments/close';
import { audit } from '../../lib/audit';
import { withTrackUrl } from '../../lib/tracking-codes';
import { returnWithdrawnEmail } from './emails';
import { moveInvoice } from '../../lib/status-moves';

/**
 * The customer withdraws their return to the retailer before staff act on it (decision 0039):
 * the order goes back to where it was (Received at Depot, or Paid), the request is removed (the
 * timeline and the audit keep it), and a label we were to buy is not bought: its invoice is
 * voided when unpaid, or refunded in full when paid (reserved in the transaction with the order
 * row locked, then asked of the provider with the refund's own key, so once). Audited with the
 * customer as actor, e-mailed. Answers how much of the label is being refunded, pounds.
 */
export async function withdrawReturn(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  customerId: number,
  orderId: number,
): Promise<{ refundedPence: number }> {
  const actor: Actor = { type: 'customer', id: customerId };
  const db = app.database.db;
  // A payment page open for the label's invoice is closed first, as voiding does.
  const [asked] = await db
    .select({ invoiceId: retailerReturns.invoiceId })
    .from(retailerReturns)
    .where(and(eq(retailerReturns.orderId, orderId), eq(retailerReturns.customerId, customerId)));
  if (asked?.invoiceId) {
    await closeInvoicePayments(app, [asked.invoiceId], actor, 'The return was withdrawn');
  }
  const rows: RefundRow[] = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
      .for('update');
    if (!order) throw new HttpError(404, ORDER_DETAIL_MESSAGES.notFound);
    const [row] = await tx
      .select()
      .from(retailerReturns)
      .where(eq(retailerReturns.orderId, order.id));
    if (!row || order.status !== 'Return Requested') {
      throw new HttpError(409, RETURN_MESSAGES.noSuchReturn);
    }
    const open = canWithdrawReturn({
      bought: row.bought,
      hasLabel: row.labelAttachedAt !== null,
      returned: row.returnedAt !== null,
    });
    if (!open) throw new HttpError(409, RETURN_MESSAGES.cannotWithdraw);
    // Back to the status it was asked from.
    const [asked] = await tx
      .select({ from: orderEvents.fromStatus })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'Return Requested')))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    const back: OrderStatus = asked?.from === 'Paid' ? 'Paid' : 'Received at Depot';
    let refunds: RefundRow[] = [];
    let label: { reference: string; refundPence: number; voided: boolean } | null = null;
    if (row.invoiceId !== null) {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, row.invoiceId))
        .for('update');
      const voided = (await voidInvoice(tx, invoice.id, actor)) !== null;
      if (!voided && invoice.status === 'paid') {
        await moveInvoice(tx, invoice.id, ['paid'], 'void', actor);
        const [paid] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'paid')));
        if (paid) {
          refunds = await reserveRefunds(
            tx,
            order,
            'all',
            `Return withdrawn: the label of ${invoice.reference} was not bought`,
            actor,
            { only: { invoiceId: invoice.id } },
          );
        }
      }
      label = {
        reference: invoice.reference,
        refundPence: sumPence(refunds.map((r) => r.amountPence)),
        voided: true,
      };
    }
    await tx.delete(retailerReturns).where(eq(retailerReturns.id, row.id));
    await transitionOrders(tx, [order.id], 'Return Requested', back, actor, 'Return withdrawn', {
      kind: 'return-withdrawn',
    });
    await audit(tx, {
      actorId: customerId,
      action: 'return.withdraw',
      subject: 'Order',
      subjectId: order.id,
      before: { Status: 'Return Requested', Reason: row.reason, Bought: row.bought },
      after: {
        Status: back,
        LabelInvoice: label ? { Reference: label.reference, Refund: label.refundPence } : null,
      },
    });
    const to = await recipient(tx, customerId);
    if (to) {
      const tracked = await withTrackUrl(tx, app.config, order);
      await queueMail(tx, returnWithdrawnEmail(app.config, to, tracked, label));
    }
    return refunds;
  });
  const sent = await sendRefunds(app, rows, actor);
  return { refundedPence: sumPence(sent.map((r) => r.amountPence)) };
}
