import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { REFUND_MESSAGES } from '../../src/shared/refunds';
import { orderEvents, refunds } from '../../src/server/db/schema';
import { followUpRefunds } from '../../src/server/modules/payments/refund-follow-up';
import type { SignedEvent } from '../support/fake-stripe';
import { useStripeTestApp } from '../support/app';
import { band, booking, checkoutCalls, checkoutCustomer } from '../support/checkout';
import { expectStatus, officeCalls } from '../support/office';
import { staffMember } from '../support/staff';

// Refunds left pending with Stripe (decision 0018): settled by Stripe's refund events, or by the
// follow-up asking again; recorded once whichever comes first.

const { ctx, stripe } = useStripeTestApp();
const calls = checkoutCalls(ctx);
const office = officeCalls(ctx);

const deliver = ({ payload, header }: SignedEvent) =>
  ctx.app.inject({
    method: 'POST',
    url: '/public/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });

async function paidThroughStripe() {
  const ann = await checkoutCustomer(ctx);
  const res = await calls.checkout(ann, [booking((await band(ctx, 'C')).id)]);
  expectStatus(res, 201);
  const result = checkoutResponse.parse(res.json());
  const sessionId = new URL(result.Payment.CheckoutUrl!).pathname.split('/').pop()!;
  expectStatus(await deliver(await stripe.complete(sessionId)), 200);
  return { ann, order: result.Orders[0], intent: stripe.session(sessionId).payment_intent! };
}

const refundEventsOf = async (orderId: number) =>
  (await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
    (e) => ['refund', 'refund-failed'].includes((e.data as { kind?: string }).kind ?? ''),
  );
const refundCallsFor = (intent: string) =>
  stripe.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === intent);

let restore: (() => void) | null = null;
afterEach(() => {
  stripe.refundsPending = false;
  restore?.();
  restore = null;
});

describe('a refund Stripe answers pending', () => {
  test('its refund.updated event settles it once, whatever else arrives', async () => {
    const staff = await staffMember(ctx, 'office');
    const { ann, order, intent } = await paidThroughStripe();
    stripe.refundsPending = true;

    const res = await office.refund(order.Id, { Amount: 4, Reason: 'Late' }, staff.token);
    expectStatus(res, 502);
    expect(res.json().message).toBe(REFUND_MESSAGES.providerPending);
    const made = stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(made).toHaveLength(1);
    expect(made[0].metadata.ferrybox_refund).toMatch(/^ferrybox-refund-/);

    const event = await stripe.settleRefund(made[0].id, 'succeeded');
    expectStatus(await deliver(event), 200);
    // Delivered again (Stripe retries), and a second event about the same refund: no change.
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expectStatus(await deliver(await stripe.chargeRefunded(intent)), 200);
    await followUpRefunds(ctx.app, new Date(Date.now() + 5 * 60_000));

    const detail = await office.order(order.Id, staff.token);
    expect(detail.Refunds).toEqual([expect.objectContaining({ Amount: 4, Status: 'succeeded' })]);
    expect(await refundEventsOf(order.Id)).toHaveLength(1);
    expect(detail.Events.at(-1)).toMatchObject({ Kind: 'refund', ActorType: 'provider' });
    const page = await office.customerOrder(order.Id, ann);
    expect(page.Timeline.at(-1)).toMatchObject({ Kind: 'refunded', Amount: 4 });
  });

  test('without an event, the follow-up looks it up by its id (asking with the key only repeats "pending")', async () => {
    const staff = await staffMember(ctx, 'office');
    const { order, intent } = await paidThroughStripe();
    stripe.refundsPending = true;
    expectStatus(await office.refund(order.Id, { Amount: 2, Reason: 'Late' }, staff.token), 502);
    const [made] = stripe.refunds.filter((r) => r.payment_intent === intent);
    made.status = 'failed'; // the card's bank sent it back; the event is lost

    await followUpRefunds(ctx.app, new Date(Date.now() + 2 * 60_000));
    const detail = await office.order(order.Id, staff.token);
    expect(detail.Refunds).toEqual([expect.objectContaining({ Status: 'failed' })]);
    expect(detail.Refundable).toBe(order.Total);
    expect(stripe.requests.some((r) => r.path === `/v1/refunds/${made.id}`)).toBe(true);
    expect(refundCallsFor(intent)).toHaveLength(1);
  });
});

describe('a refund whose answer was lost', () => {
  test('charge.refunded has it asked again with the same key: settled once, refunded once', async () => {
    const staff = await staffMember(ctx, 'office');
    const { order, intent } = await paidThroughStripe();
    const provider = ctx.app.paymentProvider;
    const real = provider.refund;
    provider.refund = async (...args) => {
      await real(...args);
      throw new Error('Request timed out');
    };
    restore = () => {
      provider.refund = real;
    };
    expectStatus(await office.refund(order.Id, { Amount: 5, Reason: 'Late' }, staff.token), 502);
    restore();
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id));
    expect(row).toMatchObject({ status: 'pending', providerRefundId: null });

    expectStatus(await deliver(await stripe.chargeRefunded(intent)), 200);
    await followUpRefunds(ctx.app, new Date(Date.now() + 2 * 60_000));

    const detail = await office.order(order.Id, staff.token);
    expect(detail.Refunds).toEqual([expect.objectContaining({ Amount: 5, Status: 'succeeded' })]);
    expect(await refundEventsOf(order.Id)).toHaveLength(1);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(new Set(refundCallsFor(intent).map((r) => r.idempotencyKey))).toEqual(
      new Set([row.idempotencyKey]),
    );
    expect(refundCallsFor(intent)).toHaveLength(2);
  });
});
