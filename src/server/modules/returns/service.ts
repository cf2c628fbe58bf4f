import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Uses } from '../../lib/uses';
import type { RetailerReturn } from '../../../shared/api/returns';
import type { FieldError } from '../../../shared/api/errors';
import {
  canAskReturn,
  looksLikePdf,
  pdfLabelProblem,
  RETURN_LIMITS,
  RETURN_MESSAGES,
  returnRefundPence,
} from '../../../shared/returns';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import { ORDER_DETAIL_MESSAGES } from '../../../shared/order-timeline';
import { REFUND_MESSAGES } from '../../../shared/refunds';
import { consignmentReference } from '../../../shared/consolidation';
import { openConsignmentOf } from '../consignments/core';
import { invoices, orders, parcels, retailerReturns } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { storablePhoto } from '../depot/photos';
import { recipient } from '../../lib/recipient';
import { raiseInvoice } from '../invoices/service';
import { recordOrderEvent, transitionOrders } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { refundSources, reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { audit } from '../../lib/audit';
import { withTrackUrl } from '../../lib/tracking-codes';
import { returnAskedEmail, returnedEmail } from './emails';
import { customerLabelUrl, labelPricePence, toReturn } from './queries';

/**
 * Returns to the retailer (decision 0039; rules in src/shared/returns.ts). Each use
 * case is one transaction with the order row locked, so two at once are served one after the
 * other and the second sees the first: a return is asked once, and the refund of the unused
 * crossing is reserved in the same transaction that marks the parcel returned (never twice,
 * whatever the number of requests; a kill -9 before the commit leaves nothing done, after it
 * leaves the refund pending for the follow-up, which asks the provider with the same key).
 */

export interface StoredLabel {
  contentType: string;
  data: Buffer;
  fileName: string;
}

/** A label's object streams opened to be read; never more than 16 MB from one (a zip bomb). */
const inflate = (data: Uint8Array): Uint8Array | null => {
  try {
    return inflateSync(data, { maxOutputLength: 16 * 1024 * 1024 });
  } catch {
    return null;
  }
};

const PHOTO_TO_LABEL: Record<string, string> = {
  [DEPOT_MESSAGES.photoType]: RETURN_MESSAGES.labelType,
  [DEPOT_MESSAGES.photoUnreadable]: RETURN_MESSAGES.labelUnreadable,
  [DEPOT_MESSAGES.photoPixels]: RETURN_MESSAGES.labelPixels,
};

/**
 * The label as uploaded, checked as the depot's photos are: a PDF must be whole and without
 * active content (kept as sent); anything else must decode as a JPEG, PNG or WebP image within
 * the photos' pixel limit, and is stored re-encoded without metadata (depot/photos.ts). A 400
 * names `field`.Data otherwise.
 */
export async function decodeLabel(
  label: { Data: string; FileName: string },
  field = 'Label',
): Promise<StoredLabel> {
  const bytes = Buffer.from(label.Data, 'base64');
  const fail = (error: string): never => {
    const errors: FieldError[] = [{ field: `${field}.Data`, error }];
    throw new HttpError(400, 'Please check the label.', errors);
  };
  if (bytes.length > RETURN_LIMITS.labelBytes) fail(RETURN_MESSAGES.labelTooLarge);
  const fileName = label.FileName || 'return-label';
  if (looksLikePdf(bytes)) {
    const problem = pdfLabelProblem(bytes, inflate);
    if (problem) fail(problem);
    return { contentType: 'application/pdf', data: bytes, fileName };
  }
  const photo = await storablePhoto(bytes);
  if (typeof photo === 'string') return fail(PHOTO_TO_LABEL[photo] ?? RETURN_MESSAGES.labelType);
  return { contentType: photo.contentType, data: photo.data, fileName };
}

/**
 * The customer asks for their order's parcel to go back to the retailer, with the retailer's
 * label or asking us for one (invoiced at the catalogue's price, not holding the order: the
 * parcel waits for the invoice before it is sent). Audited with the customer as actor, e-mailed.
 */
export async function askReturn(
  app: Uses<'config' | 'database'>,
  customerId: number,
  orderId: number,
  input: { reason: string; label: StoredLabel | null },
): Promise<RetailerReturn> {
  const actor: Actor = { type: 'customer', id: customerId };
  return app.database.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
      .for('update');
    if (!order) throw new HttpError(404, ORDER_DETAIL_MESSAGES.notFound);
    if (!canAskReturn(order.status)) {
      throw new HttpError(409, RETURN_MESSAGES.notReturnable(order.status));
    }
    const [parcel] = await tx.select().from(parcels).where(eq(parcels.orderId, order.id));
    if (!parcel || parcel.dispatchedAt) {
      throw new HttpError(409, RETURN_MESSAGES.notReturnable(order.status));
    }
    // In a box, it leaves with the box (decision 0046). A consolidation asked at once locks the
    // order too, so one of the two sees the other.
    const consignmentId = await openConsignmentOf(tx, order.id);
    if (consignmentId !== null) {
      throw new HttpError(
        409,
        RETURN_MESSAGES.inConsolidation(consignmentReference(consignmentId)),
      );
    }
    const now = new Date();
    const invoice = input.label
      ? null
      : await raiseInvoice(
          tx,
          {
            orderId: order.id,
            amountPence: await labelPricePence(tx),
            reason: 'Return label to the retailer',
          },
          actor,
        );
    const [row] = await tx
      .insert(retailerReturns)
      .values({
        orderId: order.id,
        parcelId: parcel.id,
        customerId,
        reason: input.reason,
        bought: input.label === null,
        invoiceId: invoice?.Id ?? null,
        labelContentType: input.label?.contentType ?? null,
        labelFileName: input.label?.fileName ?? '',
        labelData: input.label?.data ?? null,
        labelAttachedAt: input.label ? now : null,
      })
      .returning();
    await transitionOrders(tx, [order.id], order.status, 'Return Requested', actor, input.reason, {
      bought: row.bought,
    });
    await audit(tx, {
      actorId: customerId,
      action: 'return.ask',
      subject: 'Order',
      subjectId: order.id,
      before: { Status: order.status },
      after: {
        Status: 'Return Requested',
        Reason: input.reason,
        Label: input.label
          ? { FileName: input.label.fileName, ContentType: input.label.contentType }
          : null,
        Invoice: invoice?.Reference ?? null,
      },
    });
    const to = await recipient(tx, customerId);
    if (to) {
      const tracked = await withTrackUrl(tx, app.config, order);
      await queueMail(
        tx,
        returnAskedEmail(
          app.config,
          to,
          tracked,
          invoice
            ? {
                id: invoice.Id,
                reference: invoice.Reference,
                amountPence: Math.round(invoice.Amount * 100),
              }
            : null,
        ),
      );
    }
    return toReturn(tx, row, order.reference, customerLabelUrl(order.id));
  });
}

async function lockReturn(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const [row] = order
    ? await tx.select().from(retailerReturns).where(eq(retailerReturns.orderId, orderId))
    : [];
  if (!order || !row) throw new HttpError(404, RETURN_MESSAGES.noSuchReturn);
  return { order, row };
}

/** Staff attach the label they bought for a return (audited; on the order's timeline). */
export async function attachLabel(
  app: Uses<'database'>,
  staffId: number,
  orderId: number,
  label: StoredLabel,
): Promise<void> {
  const actor: Actor = { type: 'staff', id: staffId };
  await app.database.db.transaction(async (tx) => {
    const { row } = await lockReturn(tx, orderId);
    if (row.returnedAt) throw new HttpError(409, RETURN_MESSAGES.alreadyReturned);
    if (!row.bought) throw new HttpError(409, RETURN_MESSAGES.labelNotBought);
    await tx
      .update(retailerReturns)
      .set({
        labelContentType: label.contentType,
        labelFileName: label.fileName,
        labelData: label.data,
        labelAttachedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(retailerReturns.id, row.id));
    await recordOrderEvent(tx, orderId, actor, `Return label attached: ${label.fileName}`, {
      kind: 'return-label',
    });
    await audit(tx, {
      actorId: staffId,
      action: 'return.label',
      subject: 'Order',
      subjectId: orderId,
      before: row.labelAttachedAt ? { Label: row.labelFileName } : { Label: null },
      after: { Label: label.fileName, ContentType: label.contentType },
    });
  });
}

/**
 * Staff mark the parcel returned to the retailer, with the carrier and its tracking number: the
 * order moves to Returned to Retailer and the unused crossing's refund is reserved in the same
 * transaction (the refund rules: never more than is left), then asked of the provider. A second
 * request (at once, or after) finds it returned: 409, and nothing is refunded again.
 */
export async function markReturned(
  app: Uses<'config' | 'database' | 'log' | 'paymentProvider'>,
  staffId: number,
  orderId: number,
  sent: { carrier: string; trackingNumber: string },
  /** Whether the staff member may give money back (decision 0046): the depot may not. */
  mayRefund: boolean,
): Promise<{ refunds: RefundRow[] }> {
  const actor: Actor = { type: 'staff', id: staffId };
  const reserved = await app.database.db.transaction(async (tx) => {
    const { order, row } = await lockReturn(tx, orderId);
    if (row.returnedAt || order.status === 'Returned to Retailer') {
      throw new HttpError(409, RETURN_MESSAGES.alreadyReturned);
    }
    if (order.status !== 'Return Requested') {
      throw new HttpError(409, RETURN_MESSAGES.notReturnable(order.status));
    }
    if (!row.labelAttachedAt) throw new HttpError(409, RETURN_MESSAGES.labelMissing);
    if (row.invoiceId) {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId));
      if (invoice.status !== 'paid') {
        throw new HttpError(409, RETURN_MESSAGES.labelUnpaid(invoice.reference));
      }
    }
    const now = new Date();
    await transitionOrders(
      tx,
      [order.id],
      'Return Requested',
      'Returned to Retailer',
      actor,
      `${sent.carrier} ${sent.trackingNumber}`,
      { carrier: sent.carrier, trackingNumber: sent.trackingNumber },
    );
    const amount = returnRefundPence(await refundSources(tx, order), order.paymentId);
    if (amount > 0 && !mayRefund) throw new HttpError(403, REFUND_MESSAGES.officeGivesBack(amount));
    const rows =
      amount > 0
        ? await reserveRefunds(
            tx,
            order,
            amount,
            `Returned to the retailer: the crossing was not used`,
            actor,
          )
        : [];
    await tx
      .update(retailerReturns)
      .set({
        carrier: sent.carrier,
        trackingNumber: sent.trackingNumber,
        refundPence: amount,
        returnedAt: now,
        returnedBy: staffId,
        updatedAt: now,
      })
      .where(eq(retailerReturns.id, row.id));
    await audit(tx, {
      actorId: staffId,
      action: 'return.complete',
      subject: 'Order',
      subjectId: order.id,
      before: { Status: order.status },
      after: {
        Status: 'Returned to Retailer',
        Carrier: sent.carrier,
        TrackingNumber: sent.trackingNumber,
        Refunds: rows.map((r) => ({ Id: r.id, Amount: r.amountPence, PaymentId: r.paymentId })),
      },
    });
    const to = await recipient(tx, order.customerId);
    if (to) {
      const tracked = await withTrackUrl(tx, app.config, order);
      await queueMail(tx, returnedEmail(app.config, to, tracked, { ...sent, refundPence: amount }));
    }
    return rows;
  });
  return { refunds: await sendRefunds(app, reserved, actor) };
}
