import { and, eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { formatMoney, sumPence } from '../../../shared/money';
import { INVOICEABLE_STATUSES } from '../../../shared/office';
import { canTransition } from '../../../shared/order-status';
import { REFUND_MESSAGES } from '../../../shared/refunds';
import { invoices, orders, payments, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { tell } from '../orders/tell';
import { raiseInvoice, voidInvoice } from '../invoices/service';
import { recordOrderEvent, transitionOrders } from '../orders/lifecycle';
import { staffActor } from '../../lib/actor';
import type { Db, Tx } from '../../db/client';
import { priceQuote } from '../orders/quotes';
import { reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { closeInvoicePayments } from '../payments/close';
import { audit } from '../../lib/audit';
import { invoiceEmail, orderCancelledEmail } from './emails';
import { officeQuote } from './lists';

/**
 * The office's use cases (decision 0018). Each is one transaction, with the staff member as the
 * actor of its order events and audit entry, and the customer's e-mail queued in it; a refund adds
 * the provider's call and the recording of its answer after that commit (payments/refunds.ts).
 */

type OrderRow = typeof orders.$inferSelect;

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw new HttpError(404, OFFICE_MESSAGES.noSuchOrder);
  return order;
}

const refundView = (rows: readonly RefundRow[]) =>
  rows.map((r) => ({ Id: r.id, PaymentId: r.paymentId, Amount: r.amountPence, Status: r.status }));
export const succeededPence = (rows: readonly RefundRow[]) =>
  sumPence(rows.filter((r) => r.status === 'succeeded').map((r) => r.amountPence));
/** A refund not wholly made: refused (nothing given back), or pending, which is followed up. */
export const refundShortfall = (rows: readonly RefundRow[]) =>
  new HttpError(
    502,
    rows.some((r) => r.status === 'pending')
      ? REFUND_MESSAGES.providerPending
      : REFUND_MESSAGES.providerFailed,
  );

// --- orders -------------------------------------------------------------------------------------

/**
 * Cancels an order the lifecycle lets go (before it is shipped): its unpaid invoices are voided
 * and all that was paid for it is refunded through the provider. An order whose checkout is still
 * waiting to be paid is left to that payment (paid, or cancelled by itself after 24 hours).
 */
export async function cancelOrder(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  orderId: number,
  reason: string,
  staffId: number,
) {
  const db = app.database.db;
  const actor = staffActor(staffId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new HttpError(404, OFFICE_MESSAGES.noSuchOrder);
  const unpaid = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'unpaid')));
  await closeInvoicePayments(
    app,
    unpaid.map((i) => i.id),
    actor,
  );

  const reserved = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!canTransition(locked.status, 'Cancelled')) {
      throw new HttpError(409, OFFICE_MESSAGES.notCancellable(locked.status));
    }
    if (locked.paymentId !== null) {
      const [checkout] = await tx.select().from(payments).where(eq(payments.id, locked.paymentId));
      if (checkout.status === 'pending') {
        throw new HttpError(409, OFFICE_MESSAGES.checkoutPending(checkout.reference));
      }
    }
    await transitionOrders(tx, [orderId], locked.status, 'Cancelled', actor, reason);
    const voided: string[] = [];
    for (const invoice of unpaid) {
      const done = await voidInvoice(tx, invoice.id, actor);
      if (done) voided.push(done.invoice.reference);
    }
    const rows = await reserveRefunds(tx, locked, 'all', `Cancelled: ${reason}`, actor);
    await audit(tx, {
      actorId: staffId,
      action: 'cancel',
      subject: 'Order',
      subjectId: orderId,
      before: { Status: locked.status },
      after: {
        Status: 'Cancelled',
        Reason: reason,
        VoidedInvoices: voided,
        Refunds: refundView(rows),
      },
    });
    return rows;
  });

  const sent = await sendRefunds(app, reserved, actor);
  const refundedPence = succeededPence(sent);
  await tell(db, app.config, order.customerId, order, (to, tracked) =>
    orderCancelledEmail(app.config, to, tracked, { reason, refundedPence }),
  );
  const missing = sumPence(sent.map((r) => r.amountPence)) - refundedPence;
  if (missing > 0) {
    throw new HttpError(502, OFFICE_MESSAGES.cancelledRefundFailed(formatMoney(missing)));
  }
}

/** Gives back part of what was paid for an order (never more than is left). */
export async function refundOrder(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  orderId: number,
  { amountPence, reason }: { amountPence: number; reason: string },
  staffId: number,
) {
  const db = app.database.db;
  const actor = staffActor(staffId);
  const rows = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    // the customer is e-mailed as each part is made (settleRefund), whoever records it
    const reserved = await reserveRefunds(tx, locked, amountPence, reason, actor, {
      tellCustomer: true,
    });
    await audit(tx, {
      actorId: staffId,
      action: 'refund',
      subject: 'Order',
      subjectId: orderId,
      after: { Amount: amountPence, Reason: reason, Refunds: refundView(reserved) },
    });
    return reserved;
  });
  const sent = await sendRefunds(app, rows, actor);
  const refundedPence = succeededPence(sent);
  if (refundedPence < amountPence) throw refundShortfall(sent);
}

/** Raises an invoice for something extra on an order, optionally holding its parcel for it. */
export async function raiseOrderInvoice(
  app: Uses<'config' | 'database'>,
  orderId: number,
  input: { amountPence: number; reason: string; hold: boolean },
  staffId: number,
) {
  return app.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!INVOICEABLE_STATUSES.includes(order.status)) {
      throw new HttpError(409, OFFICE_MESSAGES.noInvoiceNow(order.status));
    }
    if (input.hold && order.status !== 'Received at Depot') {
      throw new HttpError(409, OFFICE_MESSAGES.holdNeedsParcel);
    }
    const invoice = await raiseInvoice(tx, { orderId, ...input }, staffActor(staffId));
    await audit(tx, {
      actorId: staffId,
      action: 'create',
      subject: 'Invoice',
      subjectId: invoice.Id,
      after: { ...invoice, Hold: input.hold },
    });
    await tell(tx, app.config, order.customerId, order, (to, tracked) =>
      invoiceEmail(
        app.config,
        to,
        tracked,
        { id: invoice.Id, reference: invoice.Reference, ...input },
        false,
      ),
    );
    return invoice;
  });
}

/** A note on the order's timeline, for staff only. */
export async function addOrderNote(db: Db, orderId: number, note: string, staffId: number) {
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    await recordOrderEvent(tx, orderId, staffActor(staffId), note, { kind: 'note' });
    await audit(tx, {
      actorId: staffId,
      action: 'note',
      subject: 'Order',
      subjectId: orderId,
      after: { Note: note },
    });
  });
}

// --- quotes -------------------------------------------------------------------------------------

/** Prices a requested quote: the customer is e-mailed a link to accept or decline it. */
export async function priceQuoteAsStaff(
  app: Uses<'config' | 'database'>,
  orderId: number,
  input: { amountPence: number; note: string },
  staffId: number,
) {
  return app.database.db.transaction(async (tx) => {
    await priceQuote(tx as Db, app.config, orderId, input, staffActor(staffId));
    await audit(tx, {
      actorId: staffId,
      action: 'price',
      subject: 'Quote',
      subjectId: orderId,
      before: { Status: 'Quote Requested' },
      after: { Status: 'Quote Ready', QuotePrice: input.amountPence, Note: input.note },
    });
    const [row] = await tx
      .select({ order: orders, customer: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(eq(orders.id, orderId));
    return officeQuote(row.order, row.customer);
  });
}
