import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { officeTodayResponse, TODAY_CHART_DAYS } from '../../src/shared/api/office';
import { orders } from '../../src/server/db/schema';
import { addDays, londonDate, officeToday } from '../../src/server/modules/office/today';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { expectStatus, officeCalls, requestQuote } from '../support/office';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const office = officeCalls(ctx);
const depot = depotCalls(ctx);

const today = async (token: string) => {
  const res = await office.get('/api/admin/today', token);
  expectStatus(res, 200);
  return officeTodayResponse.parse(res.json());
};

describe('GET /api/admin/today', () => {
  test('anonymous 401, a customer and the depot 403, the office and admins 200', async () => {
    const call = (token?: string) =>
      ctx.app.inject({ url: '/api/admin/today', headers: token ? bearer(token) : {} });
    expect((await call()).statusCode).toBe(401);
    expect((await call((await registerCustomer(ctx)).token)).statusCode).toBe(403);
    expect((await call((await staffMember(ctx, 'depot')).token)).statusCode).toBe(403);
    expect((await call((await staffMember(ctx, 'office')).token)).statusCode).toBe(200);
    expect((await call((await staffMember(ctx, 'admin')).token)).statusCode).toBe(200);
  });

  test('counts the day’s parcels, quotes, invoices, bookings and takings from known rows', async () => {
    const { token } = await staffMember(ctx, 'office');
    const floor = await staffMember(ctx, 'depot');
    const empty = await today(token);
    expect(empty).toMatchObject({
      ReceivedToday: 0,
      AtDepot: 0,
      QuotesWaiting: 0,
      UnpaidInvoices: 0,
      BookingsThisWeek: 0,
      RevenueThisWeek: 0,
    });
    expect(empty.BookingsPerDay).toHaveLength(TODAY_CHART_DAYS);
    expect(empty.BookingsPerDay.every((d) => d.Bookings === 0)).toBe(true);
    expect(empty.BookingsPerDay.at(-1)!.Date).toBe(empty.Date);

    // Three bookings paid today; one arrives and is held for an invoice, one arrives and is
    // ready to leave; an unlabelled parcel arrives too. A quote is asked for.
    const customer = await depotCustomer(ctx);
    const held = await paidBooking(ctx, customer);
    const ready = await paidBooking(ctx, customer);
    const waiting = await paidBooking(ctx, customer);
    await depot.received({ ...measured(), OrderId: held.Id }, floor.token);
    await depot.received({ ...measured(), OrderId: ready.Id }, floor.token);
    await depot.received(measured({ Note: 'No label' }), floor.token);
    const invoice = await office.post(
      `/api/admin/orders/${held.Id}/invoices`,
      { Amount: 12.5, Reason: 'Oversized parcel', Hold: true },
      token,
    );
    expectStatus(invoice, 201);
    await requestQuote(ctx, customer);
    // A refund of £3 made on one of them this week.
    expectStatus(await office.refund(waiting.Id, { Amount: 3, Reason: 'Goodwill' }, token), 200);

    const [paid] = await ctx.database.db
      .select({ total: sql<number>`sum(${orders.totalPence} - ${orders.discountPence})::int` })
      .from(orders)
      .where(sql`${orders.id} in (${held.Id}, ${ready.Id}, ${waiting.Id})`);
    const now = await today(token);
    expect(now).toMatchObject({
      ReceivedToday: 3,
      AtDepot: 3,
      ReadyToLeave: 1,
      HeldForPayment: 1,
      QuotesWaiting: 1,
      UnpaidInvoices: 1,
      UnpaidAmount: 12.5,
      BookingsThisWeek: 3,
      RevenueThisWeek: (paid.total - 300) / 100,
    });
    expect(now.BookingsPerDay.at(-1)).toEqual({ Date: now.Date, Bookings: 3 });

    // A booking made five days ago is on its day of the chart, and in this week only if Monday
    // came before it.
    const fiveDaysAgo = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: fiveDaysAgo })
      .where(eq(orders.id, waiting.Id));
    const later = await today(token);
    const day = londonDate(fiveDaysAgo);
    expect(later.BookingsPerDay.find((d) => d.Date === day)?.Bookings).toBe(1);
    expect(later.BookingsPerDay.at(-1)?.Bookings).toBe(2);
    expect(later.BookingsThisWeek).toBe(day >= later.WeekStart ? 3 : 2);
  });

  test('days and weeks are London’s: a booking at 23:30 UTC in summer is the next day', async () => {
    const customer = await depotCustomer(ctx);
    const order = await paidBooking(ctx, customer);
    // Sunday 28 June 2026 23:30 UTC is Monday 29 June 00:30 in London (BST).
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-06-28T23:30:00Z') })
      .where(eq(orders.id, order.Id));
    const numbers = await officeToday(ctx.database.db, new Date('2026-07-01T10:00:00Z'));
    expect(numbers.Date).toBe('2026-07-01');
    expect(numbers.WeekStart).toBe('2026-06-29');
    expect(numbers.BookingsPerDay.find((d) => d.Date === '2026-06-29')?.Bookings).toBe(1);
    expect(numbers.BookingsPerDay.find((d) => d.Date === '2026-06-28')?.Bookings).toBe(0);
    expect(numbers.BookingsThisWeek).toBe(1);
    expect(numbers.BookingsPerDay[0].Date).toBe(addDays('2026-07-01', -(TODAY_CHART_DAYS - 1)));
  });
});
