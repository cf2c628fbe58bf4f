import { disputeEvidence } from '../cases/disputes';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OfficeCase, officeQuotesQuery } from '../../../shared/api/office';
import type { OfficeCaseDetail, officeCasesQuery } from '../../../shared/api/office-cases';
import type { officeInvoicesQuery } from '../../../shared/api/office-invoices';
import { OFFICE_MESSAGES } from '../../../shared/api/office';
import { toPounds } from '../../../shared/money';
import { QUOTE_LEFT_DAYS, QUOTE_STATE_STATUSES } from '../../../shared/office';
import { totalRefundablePence } from '../../../shared/refunds';
import type { z } from 'zod';
import { invoices, orderCases, orders, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { casesOf } from '../cases/service';
import { toInvoice } from '../invoices/service';
import type { Tx } from '../../db/client';
import { isQuoteRow } from '../orders/quotes';
import { toCustomerOrder } from '../orders/service';
import { refundSources } from '../payments/refunds';
import { pageOf, pageWindow } from '../../lib/paging';
import { namesOf, officeCases, person, refundRowsOf, toRefund } from './queries';

/**
 * The office's lists of quotes, invoices and cases (decision 0018), paged on the server, with one
 * invoice and one case as their screens open them. Orders are ./queries.ts.
 */

type UserRow = typeof users.$inferSelect;
type Query<T extends z.ZodType> = z.output<T>;

// --- quotes -------------------------------------------------------------------------------------

/** GET /api/admin/quotes?state=: waiting and priced oldest first, the others newest first. */
export async function listQuotes(tx: Tx, q: Query<typeof officeQuotesQuery>, now = new Date()) {
  const left = new Date(now.getTime() - QUOTE_LEFT_DAYS * 24 * 60 * 60 * 1000);
  const statuses = inArray(orders.status, [...QUOTE_STATE_STATUSES[q.state]]);
  const byState: Record<typeof q.state, SQL | undefined> = {
    waiting: statuses,
    priced: and(statuses, gte(orders.quotedAt, left)),
    accepted: statuses,
    declined: statuses,
    expired: or(
      and(eq(orders.status, 'Quote Ready'), lt(orders.quotedAt, left)),
      eq(orders.status, 'Cancelled'),
    ),
  };
  const where = and(sql`${orders.productId} is null`, byState[q.state]);
  const oldestFirst = q.state === 'waiting' || q.state === 'priced';
  const dir = oldestFirst ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select({ order: orders, customer: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(where)
      .orderBy(dir(orders.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    tx.select({ total: count() }).from(orders).where(where),
  ]);
  return pageOf(
    rows.map(({ order: o, customer }) => officeQuote(o, customer)),
    total,
    q,
  );
}

export function officeQuote(o: typeof orders.$inferSelect, customer: UserRow) {
  const c = toCustomerOrder(o);
  if (!isQuoteRow(o)) throw new Error(`order ${o.id} is not a quote`);
  return {
    Id: o.id,
    Reference: o.reference,
    Status: o.status,
    Customer: person(customer),
    ItemDescription: c.ItemDescription,
    ItemValue: c.ItemValue,
    size: c.size,
    Weight: c.Weight,
    Island: c.Island,
    Notes: c.Notes,
    QuotePrice: c.QuotePrice,
    QuoteNote: o.quoteNote,
    QuotedAt: o.quotedAt?.toISOString() ?? null,
    Created: c.Created,
  };
}

// --- invoices -----------------------------------------------------------------------------------

/** GET /api/admin/invoices?status=: unpaid ones oldest first (to chase), the others newest first. */
export async function listInvoices(tx: Tx, q: Query<typeof officeInvoicesQuery>) {
  const where = eq(invoices.status, q.status);
  const dir = q.status === 'unpaid' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select({ invoice: invoices, order: orders, customer: users })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(users, eq(users.id, invoices.customerId))
      .where(where)
      .orderBy(dir(invoices.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    tx.select({ total: count() }).from(invoices).where(where),
  ]);
  return pageOf(
    rows.map((r) => officeInvoice(r.invoice, r.order, r.customer)),
    total,
    q,
  );
}

const officeInvoice = (
  invoice: typeof invoices.$inferSelect,
  order: typeof orders.$inferSelect,
  customer: UserRow,
) => ({
  ...toInvoice(invoice, order.reference),
  Customer: person(customer),
  OrderStatus: order.status,
});

/** One invoice as the office's list shows it, or a 404. */
export async function findOfficeInvoice(tx: Tx, id: number) {
  const [row] = await tx
    .select({ invoice: invoices, order: orders, customer: users })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(users, eq(users.id, invoices.customerId))
    .where(eq(invoices.id, id));
  if (!row) throw new HttpError(404, OFFICE_MESSAGES.noSuchInvoice);
  return officeInvoice(row.invoice, row.order, row.customer);
}

// --- cases --------------------------------------------------------------------------------------

const caseOrder = sql`case ${orderCases.status} when 'Open' then 0 when 'Answered' then 1 else 2 end`;

/**
 * GET /api/admin/cases: open ones first, then answered, then resolved; oldest first in each. A
 * dispute past its decide-by date at `now` (the app's clock) is flagged `Overdue`.
 */
export async function listCases(tx: Tx, q: Query<typeof officeCasesQuery>, now = new Date()) {
  const where = q.status ? eq(orderCases.status, q.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select({ id: orderCases.id, orderId: orderCases.orderId })
      .from(orderCases)
      .where(where)
      .orderBy(caseOrder, asc(orderCases.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    tx.select({ total: count() }).from(orderCases).where(where),
  ]);
  const items = await officeCasesById(
    tx,
    rows.map((r) => r.id),
    now,
  );
  return pageOf(items, total, q);
}

/** These cases as the office reads them, in the order given. */
export async function officeCasesById(
  tx: Tx,
  ids: number[],
  now = new Date(),
): Promise<OfficeCase[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ orderId: orderCases.orderId })
    .from(orderCases)
    .where(inArray(orderCases.id, ids));
  const all = await casesOf(tx, [...new Set(rows.map((r) => r.orderId))]);
  const wanted = ids.map((id) => all.find((c) => c.Id === id)!);
  return officeCases(tx, wanted, now);
}

/** GET /api/admin/cases/{Id}: a case, with what may still be refunded on its order. */
export async function officeCaseDetail(
  tx: Tx,
  id: number,
  now = new Date(),
): Promise<OfficeCaseDetail> {
  const [found] = await tx
    .select({ order: orders })
    .from(orderCases)
    .innerJoin(orders, eq(orders.id, orderCases.orderId))
    .where(eq(orderCases.id, id));
  if (!found) throw new HttpError(404, OFFICE_MESSAGES.noSuchCase);
  const [theCase] = await officeCasesById(tx, [id], now);
  const refundRows = await refundRowsOf(tx, found.order.id);
  const names = await namesOf(
    tx,
    refundRows.map((r) => r.refund.staffId),
  );
  return {
    Case: theCase,
    OrderStatus: found.order.status,
    Refundable: toPounds(totalRefundablePence(await refundSources(tx, found.order))),
    Refunds: refundRows.map((r) =>
      toRefund(r, (staffId) => (staffId === null ? null : (names.get(staffId) ?? null))),
    ),
    Evidence: await disputeEvidence(tx, theCase),
  };
}
