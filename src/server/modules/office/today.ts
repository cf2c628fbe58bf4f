import { and, count, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TODAY_CHART_DAYS, type OfficeToday } from '../../../shared/api/office';
import { toPounds } from '../../../shared/money';
import { QUOTE_STATE_STATUSES } from '../../../shared/office';
import { invoices, orderCases, orders, parcels, payments, refunds } from '../../db/schema';
import { disputeDecideDays } from '../cases/service';
import { DISPATCHABLE } from '../depot/dispatch';
import type { Tx } from '../../db/client';
import { orderPaidPence } from '../orders/service';

/**
 * GET /api/admin/today: the office's numbers for the day (decision 0021). Days are London's: a day
 * starts at midnight Europe/London, a week on Monday. Each count reads an index: parcels by
 * received_at, orders by status or by created_at (then their payment by its key), unmatched
 * parcels by order_id; invoices and refunds are small tables and are read whole.
 *
 * A booking is an order whose checkout was paid, on the day it was booked (made at checkout; a
 * quote, when it was asked for).
 */

const LONDON = 'Europe/London';
/** The zone as a literal (a bound parameter would make each GROUP BY expression a new one). */
const ZONE = sql.raw(`'${LONDON}'`);

/** A day in London as `yyyy-MM-dd`. */
export function londonDate(at: Date): string {
  // en-CA writes dates as yyyy-MM-dd.
  return at.toLocaleDateString('en-CA', { timeZone: LONDON });
}

/** The `yyyy-MM-dd` that is `days` after this one (before, when negative). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Monday of the week of this `yyyy-MM-dd`. */
const mondayOf = (day: string) =>
  addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

/** Midnight in London starting that day, as a timestamp PostgreSQL compares with its columns. */
const midnight = (day: string) => sql`(${day}::date::timestamp at time zone ${ZONE})`;

/** A column's day in London, as `yyyy-MM-dd`. */
const dayOf = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD')`;

export async function officeToday(tx: Tx, now = new Date()): Promise<OfficeToday> {
  const today = londonDate(now);
  const weekStart = mondayOf(today);
  const chartStart = addDays(today, -(TODAY_CHART_DAYS - 1));
  const tomorrow = midnight(addDays(today, 1));
  const since = (day: string) => midnight(day);
  /** From that day's midnight to tonight's. */
  const within = (column: AnyPgColumn, day: string) =>
    and(gte(column, since(day)), lt(column, tomorrow));

  const booked = and(eq(payments.status, 'paid'), eq(payments.kind, 'checkout'));

  const [
    [received],
    [ready],
    [held],
    [unmatched],
    [quotes],
    [unpaid],
    perDay,
    [week],
    [invoicesPaid],
    [refunded],
  ] = await Promise.all([
    tx.select({ n: count() }).from(parcels).where(within(parcels.receivedAt, today)),
    tx
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.status, [...DISPATCHABLE])),
    // Held: the order waits for a payment while its parcel is on the shelf.
    tx
      .select({ n: count() })
      .from(orders)
      .innerJoin(parcels, eq(parcels.orderId, orders.id))
      .where(eq(orders.status, 'Awaiting Payment')),
    tx.select({ n: count() }).from(parcels).where(isNull(parcels.orderId)),
    tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...QUOTE_STATE_STATUSES.waiting]),
          sql`${orders.productId} is null`,
        ),
      ),
    tx
      .select({ n: count(), pence: sql<string>`coalesce(sum(${invoices.amountPence}), 0)` })
      .from(invoices)
      .where(eq(invoices.status, 'unpaid')),
    tx
      .select({ day: dayOf(orders.createdAt), n: count() })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(and(booked, within(orders.createdAt, chartStart)))
      .groupBy(dayOf(orders.createdAt)),
    tx
      .select({
        n: count(),
        pence: sql<string>`coalesce(sum(${orderPaidPence}), 0)`,
      })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(and(booked, within(orders.createdAt, weekStart))),
    tx
      .select({ pence: sql<string>`coalesce(sum(${invoices.amountPence}), 0)` })
      .from(invoices)
      .where(and(eq(invoices.status, 'paid'), within(invoices.paidAt, weekStart))),
    tx
      .select({ pence: sql<string>`coalesce(sum(${refunds.amountPence}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.status, 'succeeded'), within(refunds.createdAt, weekStart))),
  ]);

  // Disputes past the days staff have to decide them (decision 0038).
  const decideDays = await disputeDecideDays(tx);
  const [overdue] = await tx
    .select({ n: count() })
    .from(orderCases)
    .where(
      and(
        eq(orderCases.kind, 'dispute'),
        ne(orderCases.status, 'Resolved'),
        lte(orderCases.createdAt, new Date(now.getTime() - decideDays * 24 * 60 * 60 * 1000)),
      ),
    );
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.n)]));
  const revenuePence = Number(week.pence) + Number(invoicesPaid.pence) - Number(refunded.pence);
  return {
    Date: today,
    ReceivedToday: received.n,
    AtDepot: ready.n + held.n + unmatched.n,
    ReadyToLeave: ready.n,
    HeldForPayment: held.n,
    QuotesWaiting: quotes.n,
    DisputesOverdue: overdue.n,
    UnpaidInvoices: unpaid.n,
    UnpaidAmount: toPounds(Number(unpaid.pence)),
    WeekStart: weekStart,
    BookingsThisWeek: week.n,
    RevenueThisWeek: toPounds(revenuePence),
    BookingsPerDay: Array.from({ length: TODAY_CHART_DAYS }, (_, i) => {
      const day = addDays(chartStart, i);
      return { Date: day, Bookings: byDay.get(day) ?? 0 };
    }),
  };
}
