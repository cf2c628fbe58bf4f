import { and, asc, eq, sql } from 'drizzle-orm';
import { addressLines } from '../../../shared/addresses';
import { carrierOf, trackingLink } from '../../../shared/carriers';
import type { OrderDetail, ParcelPhoto, TimelineEntry } from '../../../shared/api/order-detail';
import type { TimelineKind } from '../../../shared/order-timeline';
import {
  canReportMissingItems,
  hasLeftTheUk,
  type OrderStatus,
} from '../../../shared/order-status';
import {
  invoices as invoiceRows,
  orderEvents,
  orders,
  parcelPhotos,
  parcels,
  refunds,
} from '../../db/schema';
import { itemLinesOf, toItemLineView } from '../orders/item-lines';
import { casesOf } from '../cases/service';
import { disputeFacts } from '../cases/disputes';
import { discountCodeOf } from '../discounts/service';
import { toInvoice } from '../invoices/service';
import { refundSources } from '../payments/refunds';
import { toPayment } from '../payments/views';
import { toPounds } from '../../../shared/money';
import type { OrderEventData } from '../orders/lifecycle';
import type { Tx } from '../../db/client';
import { arrivalOf } from '../sailings/arrival';
import { toCustomerOrder } from '../orders/service';
import { linkOrders } from '../orders/links';
import type { Uses } from '../../lib/uses';
import { trackingPathOf } from '../../lib/tracking-codes';
import { storageClock } from '../../../shared/storage';
import { storageWaitsOf } from '../depot/storage';
import { storageRules } from '../invoices/storage-charges';
import { customsRules } from '../depot/customs';
import { evidenceDeadline, leaveBySoon } from '../../../shared/customs';
import { customerReturn, labelPricePence } from '../returns/queries';
import { canAskReturn } from '../../../shared/returns';
import { openConsignmentOf } from '../consignments/core';

/**
 * The order's page in My Account (decision 0020): the customer's own order, what they paid for it,
 * its cases, and a timeline built from its events (when) and its parcel's row (what the depot
 * measured, the sailing, the carrier). The depot's shelf, its notes, staff names and the notes
 * of the events are internal and never leave here.
 */

/** What a status change means to the customer; null for a change the timeline does not tell. */
function kindOf(from: OrderStatus | null, to: OrderStatus | null): TimelineKind | null {
  if (to === null) return null;
  if (to === 'Cancelled') return 'cancelled';
  if (from === null) return to === 'Quote Requested' ? 'quote-requested' : 'booked';
  if (from === 'Return Requested' && to !== 'Returned to Retailer') return 'return-withdrawn';
  switch (to) {
    case 'Quote Ready':
      return 'quoted';
    case 'Quote Declined':
      return 'declined';
    case 'Awaiting Payment':
      return from === 'Quote Ready' ? 'accepted' : 'held';
    case 'Awaiting Parcel':
      return 'paid';
    case 'Received at Depot':
      return from === 'Awaiting Payment' ? 'released' : 'received';
    case 'Paid':
      return 'invoice-paid';
    case 'Shipped':
      return 'dispatched';
    case 'Delivered':
      return 'delivered';
    case 'Return Requested':
      return 'return-asked';
    case 'Returned to Retailer':
      return 'returned';
    default:
      return null;
  }
}

const photoUrl = (orderId: number, photoId: number) =>
  `/public/orders/${orderId}/photos/${photoId}`;

type ParcelRow = typeof parcels.$inferSelect;

export function timeline(
  events: (typeof orderEvents.$inferSelect)[],
  parcel: ParcelRow | undefined,
  photos: ParcelPhoto[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    const data = event.data as Partial<OrderEventData>;
    if (data.kind === 'refund' && 'amountPence' in data) {
      // A refund made; staff notes and failed refunds are the office's own.
      entries.push({
        Kind: 'refunded',
        At: event.at.toISOString(),
        Amount: toPounds(data.amountPence!),
      });
      continue;
    }
    if (data.kind === 'dispute' || data.kind === 'dispute-decided') {
      entries.push({
        Kind: data.kind === 'dispute' ? 'disputed' : 'dispute-decided',
        At: event.at.toISOString(),
      });
      continue;
    }
    if (data.kind === 'return-label') {
      entries.push({ Kind: 'return-label', At: event.at.toISOString() });
      continue;
    }
    const kind = kindOf(event.fromStatus, event.toStatus);
    if (!kind) continue;
    const entry: TimelineEntry = { Kind: kind, At: event.at.toISOString() };
    if (kind === 'received' && parcel) {
      const { lengthMm, widthMm, heightMm } = parcel;
      entry.Parcel = {
        Weight: parcel.weightGrams,
        size:
          lengthMm && widthMm && heightMm
            ? { length: lengthMm, width: widthMm, height: heightMm }
            : null,
        Photos: photos,
      };
    }
    if (kind === 'dispatched' && parcel?.carrier && parcel.dispatchedAt) {
      entry.Dispatch = {
        Carrier: carrierOf(parcel.carrier)?.name ?? parcel.carrier,
        TrackingNumber: parcel.trackingNumber,
        TrackingUrl: trackingLink(parcel.carrier, parcel.trackingNumber),
        SailingDate: parcel.dispatchedAt.toISOString().slice(0, 10),
      };
    }
    if (kind === 'returned') {
      const sent = event.data as { carrier?: string; trackingNumber?: string };
      entry.Return = { Carrier: sent.carrier ?? '', TrackingNumber: sent.trackingNumber ?? '' };
    }
    entries.push(entry);
  }
  return entries;
}

/** What an order's timeline is built from: its events, oldest first, and its parcel's row. */
export async function timelineSources(tx: Tx, orderId: number) {
  const events = await tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  const [parcel] = await tx.select().from(parcels).where(eq(parcels.orderId, orderId));
  return { events, parcel: parcel as ParcelRow | undefined };
}

/**
 * The customer's own order as its page shows it, with its band, extras and invoice (../orders/links.ts),
 * or null (another customer's too).
 */
export async function orderDetail(
  app: Uses<'cache' | 'database'>,
  customerId: number,
  orderId: number,
  now = new Date(),
): Promise<OrderDetail | null> {
  const tx: Tx = app.database.db;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!order) return null;

  const { events, parcel } = await timelineSources(tx, order.id);
  const photos = parcel
    ? await tx
        .select({ Id: parcelPhotos.id, Width: parcelPhotos.width, Height: parcelPhotos.height })
        .from(parcelPhotos)
        .where(eq(parcelPhotos.parcelId, parcel.id))
        .orderBy(asc(parcelPhotos.id))
    : [];
  const invoiceList = await tx
    .select()
    .from(invoiceRows)
    .where(eq(invoiceRows.orderId, order.id))
    .orderBy(asc(invoiceRows.id));
  const disputes = await disputeFacts(tx, invoiceList, order.status, now);
  const plainInvoices = invoiceList.map((row) => toInvoice(row, order.reference));
  const invoices = plainInvoices.map((invoice) => ({
    ...invoice,
    ...disputes.get(invoice.Id)!,
  }));
  const [linked] = await linkOrders(app, [toCustomerOrder(order)], plainInvoices);

  // Money taken for it: its checkout's payment and its invoices' payments.
  const paid = (await refundSources(tx, order)).map((s) => s.payment);
  const covered = await referencesPaidBy(tx, order.paymentId);
  const customs = await customsRules(tx);
  const leaveBy = evidenceDeadline(order.retailerOrderDate, customs.evidenceMonths);

  return {
    Order: {
      ...linked,
      RetailerWebsite: order.retailerWebsite,
      RetailerOrderNumber: order.retailerOrderNumber,
      DeliveryAddress: order.deliveryAddress ? addressLines(order.deliveryAddress) : null,
      RetailerDeliveryCharge: toPounds(order.retailerDeliveryPence),
      ItemLines: (await itemLinesOf(tx, [order.id])).get(order.id)!.map(toItemLineView),
      RetailerOrderDate: order.retailerOrderDate,
      LeaveBy: leaveBy,
    },
    LeaveBySoon:
      !hasLeftTheUk(order.status) &&
      order.status !== 'Cancelled' &&
      leaveBySoon(leaveBy, now, customs),
    Payments: await Promise.all(
      paid.map(async (p) => ({
        ...toPayment(p, await discountCodeOf(tx, p.discountCodeId)),
        OrderReferences: p.kind === 'checkout' ? covered : [order.reference],
      })),
    ),
    Invoices: invoices,
    Refunded: toPounds(await refundedPence(tx, order.id)),
    Cases: await casesOf(tx, [order.id]),
    CertificateAvailable: hasLeftTheUk(order.status),
    CanReportMissingItems: canReportMissingItems(order.status),
    Storage:
      parcel &&
      (await storageWaitsOf(tx, [{ ...parcel, orderId: order.id, orderStatus: order.status }])).get(
        parcel.id,
      )
        ? storageClock(parcel.receivedAt, now, await storageRules(tx))
        : null,
    Timeline: timeline(
      events,
      parcel,
      photos.map((p) => ({ ...p, Url: photoUrl(order.id, p.Id) })),
    ),
    Return: await customerReturn(tx, order),
    CanAskReturn:
      canAskReturn(order.status) &&
      !!parcel &&
      !parcel.dispatchedAt &&
      (await openConsignmentOf(tx, order.id)) === null,
    ReturnLabelPrice: toPounds(await labelPricePence(tx)),
    TrackingPath: await trackingPathOf(tx, order.id),
    Arrival: await arrivalOf(tx, order, Boolean(parcel && !parcel.dispatchedAt), now),
  };
}

/** What the provider gave back on an order (refunds made; pending and refused ones are not). */
async function refundedPence(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ pence: sql<string>`coalesce(sum(${refunds.amountPence}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')));
  return Number(row.pence);
}

/** The references of the orders a checkout payment paid for, in order (none for no payment). */
export async function referencesPaidBy(tx: Tx, paymentId: number | null): Promise<string[]> {
  if (paymentId === null) return [];
  const rows = await tx
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.paymentId, paymentId))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.reference);
}

/** A photo of the parcel of the customer's own order, or null (another customer's too). */
export async function parcelPhoto(tx: Tx, customerId: number, orderId: number, photoId: number) {
  const [row] = await tx
    .select({ contentType: parcelPhotos.contentType, data: parcelPhotos.data })
    .from(parcelPhotos)
    .innerJoin(parcels, eq(parcels.id, parcelPhotos.parcelId))
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .where(
      and(eq(parcelPhotos.id, photoId), eq(orders.id, orderId), eq(orders.customerId, customerId)),
    );
  return row ?? null;
}
