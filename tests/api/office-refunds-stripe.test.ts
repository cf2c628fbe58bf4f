import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { useStripeTestApp } from '../support/app';
import { waitForMail } from '../support/accounts';
import { band, booking, checkoutCalls, checkoutCustomer } from '../support/checkout';
import { expectStatus, officeCalls } from '../support/office';
import { staffMember } from '../support/staff';

// Cancelling with a refund when payments go through Stripe: the official SDK's refunds.create,
// against the local fake of Stripe's API, with an idempotency key.

const { ctx, stripe } = useStripeTestApp();
const calls = checkoutCalls(ctx);
const office = officeCalls(ctx);

/** A band C booking paid through Stripe Checkout, settled by its signed webhook. */
async function paidThroughStripe() {
  const ann = await checkoutCustomer(ctx);
  const res = await calls.checkout(ann, [booking((await band(ctx, 'C')).id)]);
  expectStatus(res, 201);
  const result = checkoutResponse.parse(res.json());
  const sessionId = new URL(result.Payment.CheckoutUrl!).pathname.split('/').pop()!;
  const { payload, header } = await stripe.complete(sessionId);
  const settled = await ctx.app.inject({
    method: 'POST',
    url: '/public/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  expectStatus(settled, 200);
  return { ann, order: result.Orders[0], payment: result.Payment, sessionId };
}

describe('refunds through Stripe', () => {
  test('cancelling a paid order refunds its payment intent in full, once', async () => {
    const staff = await staffMember(ctx, 'office');
    const { ann, order, sessionId } = await paidThroughStripe();
    const intent = stripe.session(sessionId).payment_intent!;

    expectStatus(
      await office.cancel(order.Id, { Reason: 'Out of stock at the retailer' }, staff.token),
      200,
    );
    const refunds = stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(refunds.map((r) => r.amount)).toEqual([Math.round(order.Total * 100)]);
    const call = stripe.requests.findLast((r) => r.path === '/v1/refunds')!;
    expect(call.params).toMatchObject({
      payment_intent: intent,
      amount: String(refunds[0].amount),
    });
    expect(call.idempotencyKey).toMatch(/^ferrybox-refund-/);

    const detail = await office.order(order.Id, staff.token);
    expect(detail.Order.StatusId_Name).toBe('Cancelled');
    expect(detail.Refunds).toEqual([
      expect.objectContaining({ Amount: order.Total, Status: 'succeeded' }),
    ]);
    const page = await office.customerOrder(order.Id, ann);
    expect(page.Timeline.slice(-2).map((t) => t.Kind)).toEqual(['cancelled', 'refunded']);
    await waitForMail(ctx, { to: ann.email, kind: 'order-cancelled' });
  });

  test('a partial refund Stripe refuses is recorded as failed and frees the amount again', async () => {
    const staff = await staffMember(ctx, 'office');
    const { order, sessionId } = await paidThroughStripe();
    const intent = stripe.session(sessionId).payment_intent!;
    // Refunded at Stripe behind our back (from its dashboard): Stripe now refuses more.
    const provider = ctx.app.paymentProvider;
    await provider.refund(intent, Math.round(order.Total * 100), 'dashboard-refund');

    const res = await office.refund(order.Id, { Amount: 1, Reason: 'Goodwill' }, staff.token);
    expectStatus(res, 502);
    const detail = await office.order(order.Id, staff.token);
    expect(detail.Refunds).toEqual([expect.objectContaining({ Amount: 1, Status: 'failed' })]);
    expect(detail.Refundable).toBe(order.Total);
    expect(detail.Events.at(-1)).toMatchObject({ Kind: 'refund-failed' });
  });
});
