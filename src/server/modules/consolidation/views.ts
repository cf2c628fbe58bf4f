import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Consignment,
  ConsolidationBooking,
  ConsolidationOverview,
  StaffConsignment,
} from '../../../shared/api/consolidation';
import { trackingLink } from '../../../shared/carriers';
import {
  canCancelConsignment,
  CONSOLIDATION_MESSAGES,
  consignmentReference,
  consolidationGroups,
  isParcelLate,
  OPEN_CONSIGNMENT_STATUSES,
  type ConsignmentStatus,
} from '../../../shared/consolidation';
import { toPounds } from '../../../shared/money';
import { consignments, invoices, orders, refunds, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { membersOf, type ConsignmentRow } from '../consignments/core';
import { toInvoice } from '../invoices/service';
import type { Tx } from '../../db/client';
import {
  bookingFacts,
  candidate,
  carriageOf,
  estimateView,
  missingParcelDays,
  repackPence,
} from './pricing';

/**
 * What the customer and the staff see of consignments (docs/decisions/0041), reading
 * only: the customer's page (what could go together, and their consolidations) and one of theirs;
 * the depot's lists (open, dispatched, cancelled) and one consignment, with its customer and how
 * many of its parcels are in.
 */

export async function toViews(
  tx: Tx,
  rows: readonly ConsignmentRow[],
  now: Date,
): Promise<Consignment[]> {
  const members = await membersOf(
    tx,
    rows.map((r) => r.id),
  );
  const days = await missingParcelDays(tx);
  const ids = rows.map((r) => r.id);
  const refundRows = ids.length
    ? await tx
        .select({
          consignmentId: refunds.consignmentId,
          status: refunds.status,
          pence: sql<number>`sum(${refunds.amountPence})`.mapWith(Number),
        })
        .from(refunds)
        .where(inArray(refunds.consignmentId, ids))
        .groupBy(refunds.consignmentId, refunds.status)
    : [];
  const invoiceIds = rows.flatMap((r) => (r.invoiceId ? [r.invoiceId] : []));
  const invoiceRows = invoiceIds.length
    ? await tx
        .select({ invoice: invoices, reference: orders.reference })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(inArray(invoices.id, invoiceIds))
    : [];
  return rows.map((row) => {
    const list = members.get(row.id) ?? [];
    const refunded = (status: string) =>
      refundRows.find((r) => r.consignmentId === row.id && r.status === status)?.pence ?? 0;
    const invoice = invoiceRows.find((i) => i.invoice.id === row.invoiceId);
    const bookings: ConsolidationBooking[] = list.map((m) => ({
      OrderId: m.orderId,
      Reference: m.order.reference,
      Status: m.order.status,
      Island: m.order.island,
      Description: m.order.description,
      RetailerName: m.order.retailerName,
      Band: m.bandName,
      Paid: toPounds(m.paidPence),
      Arrived: m.arrived,
      Late:
        row.status === 'awaiting parcels' &&
        m.releasedAt === null &&
        !m.arrived &&
        isParcelLate(row.createdAt, now, days),
      LeftOut: m.leftOut,
    }));
    return {
      Id: row.id,
      Reference: consignmentReference(row.id),
      Status: row.status,
      Island: row.island,
      Requested: row.createdAt.toISOString(),
      Bookings: bookings,
      Estimate: row.estimate ? estimateView(row.estimate) : null,
      Box:
        row.weightGrams && row.lengthMm && row.widthMm && row.heightMm
          ? {
              Weight: row.weightGrams,
              Length: row.lengthMm,
              Width: row.widthMm,
              Height: row.heightMm,
            }
          : null,
      Final: row.final ? estimateView(row.final) : null,
      Carrier: row.carrier,
      TrackingNumber: row.trackingNumber,
      TrackingUrl:
        row.carrier && row.trackingNumber ? trackingLink(row.carrier, row.trackingNumber) : null,
      Dispatched: row.dispatchedAt?.toISOString() ?? null,
      Refunded: toPounds(refunded('succeeded')),
      RefundPending: toPounds(refunded('pending')),
      Invoice: invoice ? toInvoice(invoice.invoice, invoice.reference) : null,
      Reversed: row.reversedAt?.toISOString() ?? null,
      CanCancel: canCancelConsignment(row.status),
      Cancelled: row.cancelledAt?.toISOString() ?? null,
    };
  });
}

/** The customer's page: what could go together, and their consolidations (newest first). */
export async function consolidationOverview(
  tx: Tx,
  customerId: number,
  now: Date,
): Promise<ConsolidationOverview> {
  const facts = await bookingFacts(tx, { customerId });
  const paid = new Map<number, number>();
  for (const f of facts) paid.set(f.order.id, (await carriageOf(tx, f.order)).paidPence);
  const groups = consolidationGroups(facts.map((f) => ({ ...candidate(f), facts: f })));
  const rows = await tx
    .select()
    .from(consignments)
    .where(eq(consignments.customerId, customerId))
    .orderBy(desc(consignments.id))
    .limit(50);
  return {
    Eligible: groups.map((g) => ({
      Island: g.island,
      Bookings: g.bookings.map(({ facts: f }) => ({
        OrderId: f.order.id,
        Reference: f.order.reference,
        Status: f.order.status,
        Island: f.order.island,
        Description: f.order.description,
        RetailerName: f.order.retailerName,
        Band: f.bandName,
        Paid: toPounds(paid.get(f.order.id) ?? 0),
        Arrived: f.arrived,
        Late: false,
        LeftOut: false,
      })),
    })),
    Consolidations: await toViews(tx, rows, now),
    Repacking: toPounds(await repackPence(tx)),
    MissingParcelDays: await missingParcelDays(tx),
  };
}

export async function customerConsignment(tx: Tx, customerId: number, id: number, now: Date) {
  const [row] = await tx
    .select()
    .from(consignments)
    .where(and(eq(consignments.id, id), eq(consignments.customerId, customerId)));
  if (!row) throw new HttpError(404, CONSOLIDATION_MESSAGES.noSuchConsignment);
  return (await toViews(tx, [row], now))[0];
}

const LISTS: Record<'open' | 'dispatched' | 'cancelled', readonly ConsignmentStatus[]> = {
  open: OPEN_CONSIGNMENT_STATUSES,
  dispatched: ['dispatched'],
  cancelled: ['cancelled'],
};

export async function staffConsignments(
  tx: Tx,
  query: { state: 'open' | 'dispatched' | 'cancelled'; page: number; itemsPerPage: number },
  now: Date,
) {
  const where = inArray(consignments.status, [...LISTS[query.state]]);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(consignments)
    .where(where);
  const rows = await tx
    .select()
    .from(consignments)
    .where(where)
    .orderBy(query.state === 'open' ? asc(consignments.id) : desc(consignments.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  return {
    items: await staffViews(tx, rows, now),
    total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

async function staffViews(
  tx: Tx,
  rows: readonly ConsignmentRow[],
  now: Date,
): Promise<StaffConsignment[]> {
  const views = await toViews(tx, rows, now);
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const people = customerIds.length
    ? await tx
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          reference: users.reference,
        })
        .from(users)
        .where(inArray(users.id, customerIds))
    : [];
  return views.map((v, i) => {
    const person = people.find((p) => p.id === rows[i].customerId);
    const inIt = v.Bookings.filter((b) => !b.LeftOut);
    return {
      ...v,
      Customer: {
        Id: rows[i].customerId,
        Name: [person?.firstName, person?.lastName].filter(Boolean).join(' '),
        Reference: person?.reference ?? '',
      },
      Arrived: inIt.filter((b) => b.Arrived).length,
      Awaited: inIt.filter((b) => !b.Arrived).length,
      LateAsked: rows[i].lateAskedAt?.toISOString() ?? null,
    };
  });
}

export async function staffConsignment(tx: Tx, id: number, now: Date) {
  const [row] = await tx.select().from(consignments).where(eq(consignments.id, id));
  if (!row) throw new HttpError(404, CONSOLIDATION_MESSAGES.noSuchConsignment);
  return (await staffViews(tx, [row], now))[0];
}
