import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { REFUND_MESSAGES } from '../../src/shared/refunds';
import { mailOutbox, orderEvents, refunds, sandboxRefunds } from '../../src/server/db/schema';
import {
  followUpRefunds,
  REFUND_RETRY_WITHIN_MS,
} from '../../src/server/modules/payments/refund-follow-up';
import {
  RefundRefusedError,
  type PaymentProvider,
} from '../../src/server/modules/payments/providers/provider';
import { useTestApp } from '../support/app';
import { checkoutCustomer } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { expectStatus, officeCalls } from '../support/office';
import { staffMember } from '../support/staff';

// The follow-up of refunds left pending (decision 0018): a provider that did not answer is asked
// again with the same idempotency key, and its answer is recorded once.

const ctx = useTestApp();
const office = officeCalls(ctx);

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** The provider's refund calls as the test wants them; put back after each test. */
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});
function refundCalls(replace: (real: PaymentProvider['refund']) => PaymentProvider['refund']) {
  const provider = ctx.app.paymentProvider;
  const real = provider.refund;
  provider.refund = replace(real);
  restore = () => {
    provider.refund = real;
  };
}

/** The provider makes the refund, but its answer never arrives (a timeout), once. */
function timesOutOnce() {
  let calls = 0;
  refundCalls((real) => async (...args) => {
    calls += 1;
    const answer = await real(...args);
    if (calls === 1) throw new Error('Request timed out');
    return answer;
  });
}

const refundEventsOf = async (orderId: number) =>
  (await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
    (e) => (e.data as { kind?: string }).kind === 'refund',
  );

describe('a refund the provider did not answer', () => {
  test('is pending, then settled once by the follow-up, asked with the same key', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    timesOutOnce();

    const res = await office.refund(order.Id, { Amount: 3, Reason: 'Late' }, staff.token);
    expectStatus(res, 502);
    expect(res.json().message).toBe(REFUND_MESSAGES.providerPending);
    const before = await office.order(order.Id, staff.token);
    expect(before.Refunds).toEqual([expect.objectContaining({ Amount: 3, Status: 'pending' })]);
    // Still counted: what is left to refund is already less the pending £3.
    expect(before.Refundable).toBe(order.Total - 3);
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id));

    // Less than a minute old: the first call may still be under way, so it is left alone.
    expect(await followUpRefunds(ctx.app)).toMatchObject({ succeeded: 0 });

    // Two follow-ups at once (two nodes, or a slow run): the refund is recorded once.
    const runs = await Promise.all([
      followUpRefunds(ctx.app, minutesFromNow(2)),
      followUpRefunds(ctx.app, minutesFromNow(2)),
    ]);
    expect(runs.reduce((n, r) => n + r.succeeded, 0)).toBe(1);
    expect(await followUpRefunds(ctx.app, minutesFromNow(3))).toEqual({
      succeeded: 0,
      failed: 0,
      pending: 0,
    });

    const after = await office.order(order.Id, staff.token);
    expect(after.Refunds).toEqual([expect.objectContaining({ Amount: 3, Status: 'succeeded' })]);
    expect(after.Refundable).toBe(order.Total - 3);
    expect(after.Events.filter((e) => e.Kind === 'refund')).toHaveLength(1);
    expect(await refundEventsOf(order.Id)).toHaveLength(1);
    // The provider gave the money back once, under the refund's own key.
    const given = await ctx.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, row.idempotencyKey));
    expect(given.map((g) => g.amountPence)).toEqual([300]);

    const page = await office.customerOrder(order.Id, ann);
    expect(page.Timeline.filter((t) => t.Kind === 'refunded')).toEqual([
      expect.objectContaining({ Amount: 3 }),
    ]);
    // The customer is told once, by whichever recorded it made (decision 0046): here the
    // follow-up, after the office's request had answered 502.
    const told = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'refund'), sql`${mailOutbox.message}->>'to' = ${ann.email}`));
    expect(told.map((m) => m.message.subject)).toEqual([
      `A refund of £3.00 on your order ${order.Reference}`,
    ]);
  });

  test('a provider still silent leaves it pending; one older than the key is left to a person', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    let calls = 0;
    refundCalls(() => async () => {
      calls += 1;
      throw new Error('connect ETIMEDOUT');
    });
    expectStatus(
      await office.refund(order.Id, { Amount: 1, Reason: 'Goodwill' }, staff.token),
      502,
    );
    expect(calls).toBe(1);

    await followUpRefunds(ctx.app, minutesFromNow(2));
    expect(calls).toBe(2);
    expect((await office.order(order.Id, staff.token)).Refunds).toEqual([
      expect.objectContaining({ Status: 'pending' }),
    ]);

    // A day on, the provider may have forgotten the key: asking again could refund twice.
    await followUpRefunds(ctx.app, new Date(Date.now() + REFUND_RETRY_WITHIN_MS + 60_000));
    expect(calls).toBe(2);
    expect(await refundEventsOf(order.Id)).toHaveLength(0);
  });

  test('a provider that refuses when asked again frees the amount', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    refundCalls(() => async () => {
      throw new Error('socket hang up');
    });
    expectStatus(await office.refund(order.Id, { Amount: 2, Reason: 'Late' }, staff.token), 502);
    restore?.();
    // Refunded in full behind our back meanwhile: the provider now refuses the £2.
    refundCalls(() => async () => {
      throw new RefundRefusedError('more than is left');
    });

    expect((await followUpRefunds(ctx.app, minutesFromNow(2))).failed).toBeGreaterThan(0);
    const detail = await office.order(order.Id, staff.token);
    expect(detail.Refunds).toEqual([expect.objectContaining({ Status: 'failed' })]);
    expect(detail.Refundable).toBe(order.Total);
    expect(detail.Events.at(-1)).toMatchObject({ Kind: 'refund-failed', ActorType: 'provider' });
  });
});
