import { eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '../../../shared/disputes';
import type { Uses } from '../../lib/uses';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { invoices, orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { openDisputeOf, voidInvoice } from '../invoices/service';
import { staffActor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { tell } from '../orders/tell';
import { closeInvoicePayments } from '../payments/close';
import { audit } from '../../lib/audit';
import { invoiceEmail, invoiceVoidedEmail } from './emails';

/**
 * What the office does with an invoice (decision 0018): void an unpaid one (its payment page closed
 * first, a parcel held for it released) or remind the customer of it. Audited.
 */

async function lockInvoice(tx: Tx, id: number) {
  const [row] = await tx
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id))
    .for('update', { of: invoices });
  if (!row) throw new HttpError(404, OFFICE_MESSAGES.noSuchInvoice);
  if (row.invoice.status !== 'unpaid') {
    throw new HttpError(409, OFFICE_MESSAGES.notUnpaid(row.invoice.status));
  }
  return row;
}

/** Voids an unpaid invoice: its payment page is closed first; a parcel held for it is released. */
export async function voidInvoiceAsStaff(
  app: Uses<'clock' | 'config' | 'database' | 'log' | 'paymentProvider'>,
  invoiceId: number,
  reason: string,
  staffId: number,
) {
  const db = app.database.db;
  await db.transaction((tx) => lockInvoice(tx, invoiceId));
  if ((await closeInvoicePayments(app, [invoiceId], staffActor(staffId))) === 'paid') {
    throw new HttpError(409, OFFICE_MESSAGES.justPaid);
  }
  await db.transaction(async (tx) => {
    const { invoice, order } = await lockInvoice(tx, invoiceId);
    const { released } = (await voidInvoice(tx, invoiceId, staffActor(staffId)))!;
    await audit(tx, {
      actorId: staffId,
      action: 'void',
      subject: 'Invoice',
      subjectId: invoiceId,
      before: { Status: 'unpaid' },
      after: { Status: 'void', Reason: reason, Released: released },
    });
    await tell(tx, app.config, invoice.customerId, order, (to, tracked) =>
      invoiceVoidedEmail(app.config, to, tracked, {
        id: invoice.id,
        reference: invoice.reference,
        reason: invoice.reason,
        amountPence: invoice.amountPence,
      }),
    );
  });
}

/** E-mails the customer a reminder of an unpaid invoice, with the link to pay it. */
export async function remindInvoice(
  app: Uses<'config' | 'database'>,
  invoiceId: number,
  staffId: number,
) {
  await app.database.db.transaction(async (tx) => {
    const { invoice, order } = await lockInvoice(tx, invoiceId);
    // A disputed invoice is not reminded until the dispute is decided (decision 0038).
    if (await openDisputeOf(tx, invoiceId))
      throw new HttpError(409, DISPUTE_MESSAGES.disputedNoReminder(invoice.reference));
    await tell(tx, app.config, invoice.customerId, order, (to, tracked) =>
      invoiceEmail(
        app.config,
        to,
        tracked,
        {
          id: invoice.id,
          reference: invoice.reference,
          reason: invoice.reason,
          amountPence: invoice.amountPence,
        },
        true,
      ),
    );
    await audit(tx, {
      actorId: staffId,
      action: 'remind',
      subject: 'Invoice',
      subjectId: invoiceId,
    });
  });
}
