import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DepotReturn, RetailerReturn } from '../../../shared/api/returns';
import type { FieldError } from '../../../shared/api/errors';
import { toPounds } from '../../../shared/money';
import {
  canAskReturn,
  canWithdrawReturn,
  looksLikePdf,
  pdfLabelProblem,
  RETURN_LABEL_EXTRA,
  RETURN_LIMITS,
  RETURN_MESSAGES,
  returnRefundPence,
  returnStateOf,
} from '../../../shared/returns';
import { DEPOT_MESSAGES } from '../../../shared/api/depot';
import { ORDER_DETAIL_MESSAGES } from '../../../shared/api/order-detail';
import { invoices, orderExtras, orders, parcels, retailerReturns, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { storablePhoto } from '../depot/photos';
import { recipient } from '../customers/recipient';
import { raiseInvoice, toInvoice } from '../invoices/service';
import { recordOrderEvent, transitionOrders, type Actor, type Tx } from '../orders/lifecycle';
import { refundSources, reserveRefunds, sendRefunds, type RefundRow } from '../payments/refunds';
import { audit } from '../staff/audit';
import { withTrackUrl } from '../tracking/codes';
import { returnAskedEmail, returnedEmail } from './emails';

/**
 * Returns to the retailer (issue 28, decision 0039; rules in src/shared/returns.ts). Each use
 * case is one transaction with the order row locked, so two at once are served one after the
 * other and the second sees the first: a return is asked once, and the refund of the unused
 * crossing is reserved in the same transaction that marks the parcel returned (never twice,
 * whatever the number of requests; a kill -9 before the commit leaves nothing done, after it
 * leaves the refund pending for the follow-up, which asks the provider with the same key).
 */

type ReturnRow = typeof retailerReturns.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface StoredLabel {
  contentType: string;
  data: Buffer;
  fileName: string;
}

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
    const problem = pdfLabelProblem(bytes);
    if (problem) fail(problem);
    return { contentType: 'application/pdf', data: bytes, fileName };
  }
  const photo = await storablePhoto(bytes);
  if (typeof photo === 'string') return fail(PHOTO_TO_LABEL[photo] ?? RETURN_MESSAGES.labelType);
  return { contentType: photo.contentType, data: photo.data, fileName };
}

/** Where the customer downloads the label of their order's return. */
const customerLabelUrl = (orderId: number) => `/public/orders/returnlabel/${orderId}`;
const depotLabelUrl = (orderId: number) => `/api/admin/depot/returns/${orderId}/label`;

async function toReturn(
  tx: Tx,
  row: ReturnRow,
  orderReference: string,
  labelUrl: string,
): Promise<RetailerReturn> {
  const [invoice] = row.invoiceId
    ? await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId))
    : [];
  return {
    OrderId: row.orderId,
    State: returnStateOf({ hasLabel: row.labelAttachedAt !== null, returned: !!row.returnedAt }),
    Reason: row.reason,
    Bought: row.bought,
    Invoice: invoice ? toInvoice(invoice, orderReference) : null,
    Label:
      row.labelAttachedAt && row.labelContentType
        ? { FileName: row.labelFileName, ContentType: row.labelContentType, Url: labelUrl }
        : null,
    Carrier: row.carrier,
    TrackingNumber: row.trackingNumber,
    Refund: row.refundPence === null ? null : toPounds(row.refundPence),
    Asked: row.createdAt.toISOString(),
    Returned: row.returnedAt?.toISOString() ?? null,
    CanWithdraw: canWithdrawReturn({
      bought: row.bought,
      hasLabel: row.labelAttachedAt !== null,
      returned: row.returnedAt !== null,
    }),
  };
}

/** The return of the customer's own order, or null. */
export async function customerReturn(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'reference'>,
): Promise<RetailerReturn | null> {
  const [row] = await tx
    .select()
    .from(retailerReturns)
    .where(eq(retailerReturns.orderId, order.id));
  return row ? toReturn(tx, row, order.reference, customerLabelUrl(order.id)) : null;
}

/** The price of a label we buy: the catalogue's extra `return-to-sender`. */
export async function labelPricePence(tx: Pick<Tx, 'select'>): Promise<number> {
  const [extra] = await tx
    .select({ pricePence: orderExtras.pricePence })
    .from(orderExtras)
    .where(eq(orderExtras.code, RETURN_LABEL_EXTRA));
  if (!extra) throw new Error(`the catalogue has no extra ${RETURN_LABEL_EXTRA}`);
  return extra.pricePence;
}

/**
 * The customer asks for their order's parcel to go back to the retailer, with the retailer's
 * label or asking us for one (invoiced at the catalogue's price, not holding the order: the
 * parcel waits for the invoice before it is sent). Audited with the customer as actor, e-mailed.
 */
export async function askReturn(
  app: FastifyInstance,
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

/** The label of a return: the customer's own (`customerId`), or any for staff. */
export async function returnLabel(tx: Tx, orderId: number, customerId?: number) {
  const [row] = await tx
    .select({
      contentType: retailerReturns.labelContentType,
      data: retailerReturns.labelData,
      fileName: retailerReturns.labelFileName,
    })
    .from(retailerReturns)
    .where(
      and(
        eq(retailerReturns.orderId, orderId),
        customerId === undefined ? undefined : eq(retailerReturns.customerId, customerId),
        isNotNull(retailerReturns.labelData),
      ),
    );
  if (!row?.data || !row.contentType) throw new HttpError(404, RETURN_MESSAGES.noSuchReturn);
  return { contentType: row.contentType, data: row.data, fileName: row.fileName };
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
  app: FastifyInstance,
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
  app: FastifyInstance,
  staffId: number,
  orderId: number,
  sent: { carrier: string; trackingNumber: string },
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

/** The returns on the depot floor: open ones (the oldest asked first), or those sent back. */
export async function depotReturns(
  tx: Tx,
  state: 'open' | 'returned' | 'any',
  orderId?: number,
): Promise<DepotReturn[]> {
  const rows = await tx
    .select({
      row: retailerReturns,
      order: orders,
      parcel: { id: parcels.id, shelf: parcels.shelfLocation },
      customer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        reference: users.reference,
      },
    })
    .from(retailerReturns)
    .innerJoin(orders, eq(orders.id, retailerReturns.orderId))
    .innerJoin(parcels, eq(parcels.id, retailerReturns.parcelId))
    .innerJoin(users, eq(users.id, retailerReturns.customerId))
    .where(
      and(
        state === 'open'
          ? and(isNull(retailerReturns.returnedAt), eq(orders.status, 'Return Requested'))
          : state === 'returned'
            ? isNotNull(retailerReturns.returnedAt)
            : undefined,
        orderId === undefined ? undefined : eq(retailerReturns.orderId, orderId),
      ),
    )
    .orderBy(
      state === 'open' ? asc(retailerReturns.createdAt) : desc(retailerReturns.returnedAt),
      asc(retailerReturns.id),
    )
    .limit(200);
  return Promise.all(
    rows.map(async ({ row, order, parcel, customer }) => ({
      ...(await toReturn(tx, row, order.reference, depotLabelUrl(order.id))),
      OrderReference: order.reference,
      OrderStatus: order.status,
      Customer: {
        Id: customer.id,
        Name: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
        Reference: customer.reference,
      },
      ParcelId: parcel.id,
      Shelf: parcel.shelf,
      RetailerName: order.retailerName,
      RetailerOrderNumber: order.retailerOrderNumber,
      ReturnedBy: row.returnedBy,
    })),
  );
}

/** One return as the depot sees it, or a 404. */
export async function depotReturn(tx: Tx, orderId: number): Promise<DepotReturn> {
  const [found] = await depotReturns(tx, 'any', orderId);
  if (!found) throw new HttpError(404, RETURN_MESSAGES.noSuchReturn);
  return found;
}
