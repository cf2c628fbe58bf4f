import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addressLines } from '../../../shared/addresses';
import type { OrderCase } from '../../../shared/api/cases';
import type {
  OfficeCase,
  OfficeOrderDetail,
  OfficeOrderSummary,
  Refund,
  officeOrdersQuery,
} from '../../../shared/api/office';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { isValidReference, normaliseReference } from '../../../shared/customer-reference';
import { toPounds } from '../../../shared/money';
import { officeOrderActions } from '../../../shared/office';
import { orderIdFromReference } from '../../../shared/order-reference';
import { totalRefundablePence } from '../../../shared/refunds';
import type { z } from 'zod';
import {
  caseMessages,
  invoices,
  orderCases,
  orderEvents,
  orders,
  parcels,
  payments,
  refunds,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { containing, pageOf, pageWindow } from '../../lib/paging';
import { fullName } from '../auth/user-data';
import { casesOf } from '../cases/service';
import { compact, compactTracking } from '../depot/find';
import { depotParcel } from '../depot/queries';
import { discountCodeOf } from '../discounts/service';
import { toInvoice } from '../invoices/service';
import type { Tx } from '../../db/client';
import { isOrderEventKind } from '../../../shared/order-status';
import { referencesPaidBy } from '../customer-orders/detail';
import { orderPaidPence, toCustomerOrder } from '../orders/service';
import { refundSources } from '../payments/refunds';
import { toPayment } from '../payments/views';

import { trackingPathOf } from '../../lib/tracking-codes';
/** What the office's screens read (decision 0018): the lists, paged on the server, and an order. */

type UserRow = typeof users.$inferSelect;
type Query<T extends z.ZodType> = z.output<T>;

export const person = (u: UserRow) => ({
  Id: u.id,
  Name: fullName(u),
  Reference: u.reference,
  Email: u.email,
});

// --- orders -------------------------------------------------------------------------------------

/** The customers a search names: by their reference, or part of their e-mail or name. */
function customersMatching(tx: Tx, text: string) {
  const reference = normaliseReference(text);
  const customer = eq(users.role, 'customer');
  // A whole customer reference is looked up on its unique index.
  if (isValidReference(reference)) {
    return tx
      .select({ id: users.id })
      .from(users)
      .where(and(customer, eq(users.reference, reference)));
  }
  const like = containing(text);
  return tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        customer,
        or(
          ilike(users.email, like),
          ilike(
            sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
            like,
          ),
        ),
      ),
    );
}

/** The orders whose tracking number, inbound or outbound, is this one (each side indexed). */
function ordersTracked(tx: Tx, text: string) {
  const wanted = compact(text);
  const own = tx
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${compactTracking(orders.trackingNumber)} = ${wanted}`);
  const parcel = (column: AnyPgColumn) =>
    tx
      .select({ id: sql<number>`${parcels.orderId}` })
      .from(parcels)
      .where(sql`${compactTracking(column)} = ${wanted}`);
  return own.union(parcel(parcels.inboundTrackingNumber)).union(parcel(parcels.trackingNumber));
}

const ORDER_SORTS = {
  Created: orders.createdAt,
  Reference: orders.id,
  Status: orders.status,
  Total: orderPaidPence,
} as const;

/** GET /api/admin/orders: a page of the orders the filters match. */
export async function searchOrders(tx: Tx, q: Query<typeof officeOrdersQuery>) {
  const where: SQL[] = [];
  if (q.reference) {
    const typed = q.reference.replace(/\s+/g, '').toUpperCase();
    const id = orderIdFromReference(
      /^\d+$/.test(typed) ? `ORD-${typed}` : typed.replace(/^ORD(?=\d)/, 'ORD-'),
    );
    where.push(id === null ? sql`false` : eq(orders.id, id));
  }
  if (q.customer) where.push(inArray(orders.customerId, customersMatching(tx, q.customer)));
  if (q.retailer) where.push(ilike(orders.retailerName, containing(q.retailer)));
  if (q.tracking) where.push(inArray(orders.id, ordersTracked(tx, q.tracking)));
  if (q.status?.length) where.push(inArray(orders.status, q.status));
  const condition = and(...where);
  const dir = q.sortDesc ? desc : asc;
  // The page is taken from orders alone (on their indexes), then its customers are read.
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select()
      .from(orders)
      .where(condition)
      .orderBy(dir(ORDER_SORTS[q.sortBy]), dir(orders.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    tx.select({ total: count() }).from(orders).where(condition),
  ]);
  const customers = rows.length
    ? await tx
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((o) => o.customerId),
          ),
        )
    : [];
  const items = rows.map((o): OfficeOrderSummary => ({
    Id: o.id,
    Reference: o.reference,
    Status: o.status,
    Customer: person(customers.find((c) => c.id === o.customerId)!),
    Description: o.description,
    RetailerName: o.retailerName,
    TrackingNumber: o.trackingNumber,
    Island: o.island,
    Total: toPounds(o.totalPence - o.discountPence),
    Created: o.createdAt.toISOString(),
  }));
  return pageOf(items, total, q);
}

export async function namesOf(tx: Tx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, fullName(u) || (u.email ?? u.reference)]));
}

/** Cases as the office reads them: with their order, customer, and who wrote each reply. */
export async function officeCases(
  tx: Tx,
  cases: OrderCase[],
  now = new Date(),
): Promise<OfficeCase[]> {
  if (cases.length === 0) return [];
  const rows = await tx
    .select({ caseId: orderCases.id, orderReference: orders.reference, customer: users })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .innerJoin(users, eq(users.id, orderCases.customerId))
    .where(
      inArray(
        orderCases.id,
        cases.map((c) => c.Id),
      ),
    );
  const messages = await tx
    .select({ id: caseMessages.id, caseId: caseMessages.caseId, authorId: caseMessages.authorId })
    .from(caseMessages)
    .where(
      inArray(
        caseMessages.caseId,
        cases.map((c) => c.Id),
      ),
    )
    .orderBy(asc(caseMessages.id));
  const names = await namesOf(
    tx,
    messages.map((m) => m.authorId),
  );
  return cases.map((c) => {
    const row = rows.find((r) => r.caseId === c.Id)!;
    const authors = messages.filter((m) => m.caseId === c.Id);
    return {
      ...c,
      OrderReference: row.orderReference,
      Customer: person(row.customer),
      Messages: c.Messages.map((m, i) => ({
        ...m,
        Staff: m.From === 'staff' ? (names.get(authors[i]?.authorId ?? -1) ?? null) : null,
      })),
      Overdue:
        c.Dispute?.DecideBy != null && new Date(c.Dispute.DecideBy).getTime() <= now.getTime(),
    };
  });
}

export async function refundRowsOf(tx: Tx, orderId: number) {
  return tx
    .select({ refund: refunds, paymentReference: payments.reference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
}

export const toRefund = (
  { refund: r, paymentReference }: Awaited<ReturnType<typeof refundRowsOf>>[number],
  nameOf: (id: number | null) => string | null,
): Refund => ({
  Id: r.id,
  PaymentId: r.paymentId,
  PaymentReference: paymentReference,
  OrderId: r.orderId,
  Amount: toPounds(r.amountPence),
  Reason: r.reason,
  Status: r.status,
  Staff: nameOf(r.staffId),
  Created: r.createdAt.toISOString(),
});

/** GET /api/admin/orders/{Id}: everything the office knows about an order. */
export async function officeOrderDetail(tx: Tx, orderId: number): Promise<OfficeOrderDetail> {
  const [found] = await tx
    .select({ order: orders, customer: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!found) throw new HttpError(404, OFFICE_MESSAGES.noSuchOrder);
  const { order, customer } = found;

  const events = await tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  const refundRows = await refundRowsOf(tx, order.id);
  const [parcel] = await tx
    .select({ id: parcels.id, receivedBy: parcels.receivedBy, dispatchedBy: parcels.dispatchedBy })
    .from(parcels)
    .where(eq(parcels.orderId, order.id));
  const names = await namesOf(tx, [
    ...events.map((e) => e.actorId),
    ...refundRows.map((r) => r.refund.staffId),
    parcel?.receivedBy ?? null,
    parcel?.dispatchedBy ?? null,
  ]);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));

  const sources = await refundSources(tx, order);
  const covered = await referencesPaidBy(tx, order.paymentId);
  const invoiceRows = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, order.id))
    .orderBy(asc(invoices.id));
  const refundable = totalRefundablePence(sources);

  return {
    Order: {
      ...toCustomerOrder(order),
      RetailerWebsite: order.retailerWebsite,
      RetailerOrderNumber: order.retailerOrderNumber,
      TrackingNumber: order.trackingNumber,
      ExpectedDeliveryDate: order.expectedDeliveryDate,
      DeliveryAddress: order.deliveryAddress ? addressLines(order.deliveryAddress) : null,
      QuoteNote: order.quoteNote,
      Updated: order.updatedAt.toISOString(),
    },
    Customer: person(customer),
    Events: events.map((e) => {
      const { kind } = (e.data ?? {}) as { kind?: unknown };
      return {
        Id: e.id,
        At: e.at.toISOString(),
        // An event written before its kind was listed reads as the change of status it is.
        Kind: isOrderEventKind(kind) ? kind : 'status',
        From: e.fromStatus,
        To: e.toStatus,
        Note: e.note,
        ActorType: e.actorType,
        Actor: nameOf(e.actorId),
      };
    }),
    Payments: await Promise.all(
      sources.map(async (s) => ({
        ...toPayment(s.payment, await discountCodeOf(tx, s.payment.discountCodeId)),
        OrderReferences: s.payment.kind === 'checkout' ? covered : [order.reference],
        PaidForOrder: toPounds(s.paidPence),
        Refunded: toPounds(s.refundedPence),
      })),
    ),
    Refunds: refundRows.map((r) => toRefund(r, nameOf)),
    Invoices: invoiceRows.map((i) => toInvoice(i, order.reference)),
    Cases: await officeCases(tx, await casesOf(tx, [order.id])),
    Parcel: parcel
      ? {
          ...(await depotParcel(tx, parcel.id)),
          ReceivedByName: nameOf(parcel.receivedBy),
          DispatchedByName: nameOf(parcel.dispatchedBy),
        }
      : null,
    Refundable: toPounds(refundable),
    Actions: officeOrderActions(order.status, refundable),
    TrackingPath: await trackingPathOf(tx, order.id),
  };
}
