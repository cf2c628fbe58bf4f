import { describe, expect, test } from 'vitest';
import { checkoutResponse } from '../../src/shared/api/checkout';
import { useStripeTestApp } from '../support/app';
import { waitForMail } from '../support/accounts';
import { band, booking, checkoutCalls, checkoutCustomer } from '../support/checkout';

// The whole checkout with PAYMENT_PROVIDER=stripe: the official SDK talks to a local fake of
// Stripe's API (the network edge), and Stripe's signed webhooks settle the payment.

const { ctx, stripe } = useStripeTestApp();
const calls = checkoutCalls(ctx);

const webhook = (payload: string, header: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/public/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });

async function stripeCheckout(discount?: string) {
  const ann = await checkoutCustomer(ctx);
  const c = await band(ctx, 'C');
  const res = await calls.checkout(ann, [booking(c.id), booking(c.id)], {
    ...(discount ? { DiscountCode: discount } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const result = checkoutResponse.parse(res.json());
  const session = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
  return {
    ann,
    result,
    sessionId: new URL(result.Payment.CheckoutUrl!).pathname.split('/').pop()!,
    session,
  };
}

describe('checkout with Stripe Checkout', () => {
  test('opens a Stripe session for the amount due and is settled by its signed webhook', async () => {
    const { ann, result, sessionId } = await stripeCheckout('WELCOME10');
    expect(result.Payment).toMatchObject({ Provider: 'stripe', Amount: 23.31, Status: 'pending' });
    expect(result.Payment.CheckoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    expect(stripe.session(sessionId)).toMatchObject({
      amount_total: 2331,
      currency: 'gbp',
      client_reference_id: result.Payment.Reference,
    });

    const { payload, header } = await stripe.complete(sessionId);
    const res = await webhook(payload, header);
    expect(res.statusCode, res.body).toBe(200);
    const after = checkoutResponse.parse(
      (await calls.payment(ann, result.Payment.Reference)).json(),
    );
    expect(after.Payment.Status).toBe('paid');
    expect(after.Orders.map((o) => o.StatusId_Name)).toEqual([
      'Awaiting Parcel',
      'Awaiting Parcel',
    ]);
    await waitForMail(ctx, { to: ann.email, kind: 'receipt' });
    // Stripe retries deliveries: the same event again changes nothing.
    expect((await webhook(payload, header)).json()).toEqual({ received: true, duplicate: true });
  });

  test('a customer back before the webhook sees the payment booked by asking Stripe', async () => {
    const { ann, result, sessionId } = await stripeCheckout();
    await stripe.complete(sessionId); // the event is not delivered
    const after = checkoutResponse.parse(
      (await calls.payment(ann, result.Payment.Reference)).json(),
    );
    // Booked, not only shown paid: the orders await their parcels and the receipt goes out.
    expect(after.Payment.Status).toBe('paid');
    expect(after.Orders.map((o) => o.StatusId_Name)).toEqual(
      result.Orders.map(() => 'Awaiting Parcel'),
    );
    await waitForMail(ctx, { to: ann.email, kind: 'receipt' });
  });

  test('a declined card is shown as the reason, and the session stays payable', async () => {
    const { ann, result, sessionId } = await stripeCheckout();
    await stripe.decline(sessionId, 'insufficient_funds');
    const after = checkoutResponse.parse(
      (await calls.payment(ann, result.Payment.Reference)).json(),
    );
    expect(after.Payment).toMatchObject({ Status: 'pending', LastFailure: 'insufficient_funds' });
    expect(after.Payment.CheckoutUrl).toBe(result.Payment.CheckoutUrl);
  });

  test('a webhook signed with another secret is refused', async () => {
    const { ann, result, sessionId } = await stripeCheckout();
    const forged = stripe.signEvent(
      'checkout.session.completed',
      { ...stripe.session(sessionId), status: 'complete', payment_status: 'paid' },
      { secret: 'whsec_not_ours' },
    );
    const res = await webhook(forged.payload, forged.header);
    expect(res.statusCode).toBe(400);
    const after = checkoutResponse.parse(
      (await calls.payment(ann, result.Payment.Reference)).json(),
    );
    expect(after.Payment.Status).toBe('pending');
  });

  test('a newer checkout expires the older Stripe session', async () => {
    const first = await stripeCheckout();
    const c = await band(ctx, 'C');
    const res = await calls.checkout(first.ann, [booking(c.id)]);
    expect(res.statusCode).toBe(201);
    expect(stripe.session(first.sessionId)).toMatchObject({ status: 'expired' });
  });

  test('a correctly signed event we cannot read is a 400; one we do not act on is a 200', async () => {
    const { ann, result, sessionId } = await stripeCheckout();
    const paid = { ...stripe.session(sessionId), status: 'complete', payment_status: 'paid' };
    for (const [type, object] of [
      ['checkout.session.completed', { ...paid, id: undefined }],
      ['checkout.session.completed', { ...paid, amount_total: 'all of it' }],
      ['refund.updated', { status: 'succeeded' }],
      ['charge.refunded', { payment_intent: 'pi_1', refunds: { data: [{}] } }],
    ] as const) {
      const signed = stripe.signEvent(type, object);
      const res = await webhook(signed.payload, signed.header);
      expect(res.statusCode, `${type} ${JSON.stringify(object)}`).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'This event is not one we understand.',
        errors: [{ field: 'body' }],
      });
    }
    const ignored = stripe.signEvent('customer.created', { id: 'cus_1' });
    const acknowledged = await webhook(ignored.payload, ignored.header);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toEqual({ received: true, duplicate: false });
    const after = checkoutResponse.parse(
      (await calls.payment(ann, result.Payment.Reference)).json(),
    );
    expect(after.Payment.Status).toBe('pending');
  });
});
