import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  WebhookSignatureError,
  type CreateSessionInput,
  type PaymentProvider,
} from '../../src/server/modules/payments/providers/provider';
import {
  createStripeProvider,
  withSessionId,
} from '../../src/server/modules/payments/providers/stripe';
import { startFakeStripe, type FakeStripe, type SignedEvent } from '../support/fake-stripe';

const HOUR = 3_600_000;
let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

function payment(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  return {
    reference: 'PAY-000042',
    amountPence: 2450,
    lines: [
      { name: 'Order FB-000101: medium parcel to Jersey', pence: 1450 },
      { name: 'Order FB-000102: small parcel to Jersey', pence: 1000 },
    ],
    discountPence: 0,
    customerEmail: 'ada@example.com',
    successUrl: 'https://ferrybox.test/checkout/done?payment=PAY-000042',
    cancelUrl: 'https://ferrybox.test/basket',
    expiresAt: new Date(Date.now() + 24 * HOUR),
    ...overrides,
  };
}

/** The form body of the last checkout session the SDK created. */
function lastCreate() {
  const request = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
  if (!request) throw new Error('no checkout session was created');
  return request.params as Record<string, unknown> & {
    line_items: {
      quantity: string;
      price_data: {
        currency: string;
        unit_amount: string;
        product_data: { name: string; description?: string };
      };
    }[];
  };
}

/** A checkout of `payment()` the customer has paid, and the signed event saying so. */
async function paidCheckout() {
  const { sessionId } = await stripe.createSession(payment());
  return { sessionId, signed: await fake.complete(sessionId) };
}

/** What the provider should say about a paid checkout of `payment()`. */
function paidState(sessionId: string) {
  return {
    sessionId,
    status: 'paid',
    amountPence: 2450,
    reference: 'PAY-000042',
    providerPaymentId: fake.session(sessionId).payment_intent,
    lastFailure: null,
  };
}

function webhook(signed: { payload: string; header: string }) {
  return stripe.parseWebhook(Buffer.from(signed.payload), { 'stripe-signature': signed.header });
}

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the webhook to be refused');
}

describe('createSession', () => {
  test('asks Stripe for a GBP payment of one line per order, carrying our reference', async () => {
    const { sessionId, url } = await stripe.createSession(payment());

    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`${fake.url}/c/pay/${sessionId}`);
    const sent = lastCreate();
    expect(sent).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      client_reference_id: 'PAY-000042',
      metadata: { reference: 'PAY-000042' },
      payment_intent_data: { metadata: { reference: 'PAY-000042' } },
      customer_email: 'ada@example.com',
      success_url:
        'https://ferrybox.test/checkout/done?payment=PAY-000042&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://ferrybox.test/basket',
    });
    expect(sent.line_items).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'gbp',
          unit_amount: '1450',
          product_data: { name: 'Order FB-000101: medium parcel to Jersey' },
        },
      },
      {
        quantity: '1',
        price_data: {
          currency: 'gbp',
          unit_amount: '1000',
          product_data: { name: 'Order FB-000102: small parcel to Jersey' },
        },
      },
    ]);
    expect(fake.session(sessionId)).toMatchObject({ amount_total: 2450, currency: 'gbp' });
  });

  test('with a discount, charges exactly the amount in one line that lists the orders and the discount', async () => {
    const { sessionId } = await stripe.createSession(
      payment({ amountPence: 1950, discountPence: 500 }),
    );

    expect(lastCreate().line_items).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'gbp',
          unit_amount: '1950',
          product_data: {
            name: 'Ferrybox deliveries (PAY-000042)',
            description:
              'Order FB-000101: medium parcel to Jersey £14.50; ' +
              'Order FB-000102: small parcel to Jersey £10.00; Discount -£5.00',
          },
        },
      },
    ]);
    expect(fake.session(sessionId)).toMatchObject({ amount_total: 1950, amount_subtotal: 1950 });
    expect(lastCreate().discounts).toBeUndefined();
  });

  test('refuses, without calling Stripe, lines that do not add up to the amount', async () => {
    const calls = fake.requests.length;
    await expect(
      stripe.createSession(payment({ amountPence: 2000, discountPence: 500 })),
    ).rejects.toThrow(RangeError);
    await expect(stripe.createSession(payment({ amountPence: 2449 }))).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(calls);
  });

  test('a session with no customer e-mail leaves it for the customer to type', async () => {
    await stripe.createSession(payment({ customerEmail: null }));
    expect(lastCreate()).not.toHaveProperty('customer_email');
  });

  test('moves an expiry Stripe would refuse into its window of 30 minutes to 24 hours', async () => {
    const now = Date.now() / 1000;
    await stripe.createSession(payment({ expiresAt: new Date(Date.now() + 5 * 60_000) }));
    const soon = Number(lastCreate().expires_at);
    await stripe.createSession(payment({ expiresAt: new Date(Date.now() + 72 * HOUR) }));
    const late = Number(lastCreate().expires_at);
    await stripe.createSession(payment({ expiresAt: new Date(Date.now() + 2 * HOUR) }));
    const asked = Number(lastCreate().expires_at);

    expect(soon).toBeGreaterThanOrEqual(now + 30 * 60);
    expect(soon).toBeLessThan(now + 35 * 60);
    expect(late).toBeLessThanOrEqual(now + 24 * 3600);
    expect(late).toBeGreaterThan(now + 23 * 3600);
    expect(Math.abs(asked - (now + 2 * 3600))).toBeLessThanOrEqual(2);
  });

  test('a wrong secret key is refused by Stripe', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    });
    await expect(wrong.createSession(payment())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk_test_wrong');
  });
});

describe('withSessionId', () => {
  test.each([
    ['https://f.test/done', 'https://f.test/done?session_id={CHECKOUT_SESSION_ID}'],
    ['https://f.test/done?p=1', 'https://f.test/done?p=1&session_id={CHECKOUT_SESSION_ID}'],
    ['https://f.test/done?', 'https://f.test/done?session_id={CHECKOUT_SESSION_ID}'],
    ['https://f.test/done?p=1#top', 'https://f.test/done?p=1&session_id={CHECKOUT_SESSION_ID}#top'],
  ])('%s', (url, expected) => {
    expect(withSessionId(url)).toBe(expected);
  });
});

describe('retrieveSession', () => {
  test('open, then paid with the payment intent to refund against', async () => {
    const { sessionId } = await stripe.createSession(payment());

    expect(await stripe.retrieveSession(sessionId)).toEqual({
      sessionId,
      status: 'open',
      amountPence: 2450,
      reference: 'PAY-000042',
      providerPaymentId: null,
      lastFailure: null,
    });

    await fake.complete(sessionId);
    const paid = await stripe.retrieveSession(sessionId);
    expect(paid).toEqual(paidState(sessionId));
    expect(paid.providerPaymentId).toMatch(/^pi_test_/);
  });

  test('a declined card leaves the session open and says why', async () => {
    const { sessionId } = await stripe.createSession(payment());

    await fake.decline(sessionId, 'insufficient_funds');
    expect(await stripe.retrieveSession(sessionId)).toMatchObject({
      status: 'open',
      lastFailure: 'insufficient_funds',
    });
    await fake.decline(sessionId, 'generic_decline');
    expect(await stripe.retrieveSession(sessionId)).toMatchObject({
      status: 'open',
      lastFailure: 'card_declined',
    });
    await fake.complete(sessionId);
    expect(await stripe.retrieveSession(sessionId)).toMatchObject({
      status: 'paid',
      lastFailure: null,
    });
  });

  test('an expired session', async () => {
    const { sessionId } = await stripe.createSession(payment());
    await fake.expire(sessionId);
    expect(await stripe.retrieveSession(sessionId)).toMatchObject({ status: 'expired' });
  });
});

describe('expireSession', () => {
  test('closes an open session', async () => {
    const { sessionId } = await stripe.createSession(payment());
    expect(await stripe.expireSession(sessionId)).toBe('expired');
    expect(fake.session(sessionId).status).toBe('expired');
    expect(await stripe.retrieveSession(sessionId)).toMatchObject({ status: 'expired' });
  });

  test('answers paid when the customer paid first', async () => {
    const { sessionId } = await stripe.createSession(payment());
    await fake.complete(sessionId);
    expect(await stripe.expireSession(sessionId)).toBe('paid');
    expect(fake.session(sessionId).status).toBe('complete');
  });

  test('answers expired for a session already expired', async () => {
    const { sessionId } = await stripe.createSession(payment());
    await fake.expire(sessionId);
    expect(await stripe.expireSession(sessionId)).toBe('expired');
  });

  test('refuses a session completed by a delayed payment method (neither paid nor expired)', async () => {
    const { sessionId } = await stripe.createSession(payment());
    await fake.fail(sessionId);
    await expect(stripe.expireSession(sessionId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe('parseWebhook', () => {
  test('reads a correctly signed checkout.session.completed as session.paid', async () => {
    const { sessionId, signed } = await paidCheckout();

    expect(webhook(signed)).toEqual({
      id: signed.event.id,
      type: 'session.paid',
      session: paidState(sessionId),
    });
    expect(signed.event.id).toMatch(/^evt_test_/);
  });

  test('reads delayed payments, failures and expiries', async () => {
    const paidLater = await paidCheckout();
    const completed = paidLater.signed;
    const succeeded = fake.signEvent(
      'checkout.session.async_payment_succeeded',
      completed.event.data.object,
    );
    expect(webhook(succeeded)).toMatchObject({
      type: 'session.paid',
      session: { sessionId: paidLater.sessionId, status: 'paid' },
    });

    const unpaid = fake.signEvent('checkout.session.completed', {
      ...completed.event.data.object,
      payment_status: 'unpaid',
    });
    expect(webhook(unpaid)).toEqual({
      id: unpaid.event.id,
      type: 'ignored',
      providerType: 'checkout.session.completed',
    });

    const failing = await stripe.createSession(payment());
    expect(webhook(await fake.fail(failing.sessionId))).toMatchObject({
      type: 'session.failed',
      failure: 'failed',
      session: { sessionId: failing.sessionId, reference: 'PAY-000042' },
    });

    const expiring = await stripe.createSession(payment());
    expect(webhook(await fake.expire(expiring.sessionId))).toMatchObject({
      type: 'session.expired',
      session: { sessionId: expiring.sessionId, status: 'expired' },
    });
  });

  test('acknowledges other event types as ignored', async () => {
    const { sessionId } = await stripe.createSession(payment());
    const declined = await fake.decline(sessionId);
    expect(webhook(declined)).toEqual({
      id: declined.event.id,
      type: 'ignored',
      providerType: 'payment_intent.payment_failed',
    });
  });

  describe('refuses, saying only "invalid signature"', () => {
    let signed: SignedEvent;
    beforeAll(async () => {
      ({ signed } = await paidCheckout());
    });

    test.each<[string, () => { payload: string; header: string }]>([
      ['a forged signature', () => ({ ...signed, header: `t=${now()},v1=${'ab'.repeat(32)}` })],
      [
        'a signature made with another secret',
        () =>
          fake.signEvent('checkout.session.completed', signed.event.data.object, {
            secret: 'whsec_someoneelse',
          }),
      ],
      [
        'a tampered body',
        () => {
          const payload = signed.payload.replace('"amount_total": 2450', '"amount_total": 1');
          expect(payload).not.toBe(signed.payload);
          return { ...signed, payload };
        },
      ],
      [
        'a signature more than 5 minutes old',
        () =>
          fake.signEvent('checkout.session.completed', signed.event.data.object, {
            timestamp: now() - 301,
          }),
      ],
      ['no signature', () => ({ ...signed, header: '' })],
    ])('%s', (_, make) => {
      const forged = make();
      expect(forged.payload).toContain('checkout.session.completed');
      const err = refusal(() => webhook(forged));
      expect(err).toBeInstanceOf(WebhookSignatureError);
      expect((err as Error).message).toBe('invalid signature');
    });

    test('a signature header sent twice', () => {
      const err = refusal(() =>
        stripe.parseWebhook(Buffer.from(signed.payload), {
          'stripe-signature': [signed.header, signed.header],
        }),
      );
      expect(err).toBeInstanceOf(WebhookSignatureError);
    });

    test('but accepts a signature four minutes old', () => {
      const recent = fake.signEvent('checkout.session.completed', signed.event.data.object, {
        timestamp: now() - 240,
      });
      expect(webhook(recent)).toMatchObject({ type: 'session.paid' });
    });
  });
});

describe('the fake hosted page, for journeys through the app', () => {
  test('Pay completes the session, delivers the signed event and returns to the success URL', async () => {
    const received: { body: string; signature: string | undefined }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['stripe-signature'] as string | undefined,
        });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    try {
      const { sessionId, url } = await stripe.createSession(payment());
      const page = await fetch(url);
      expect(await page.text()).toContain('Fake Stripe Checkout');

      const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `https://ferrybox.test/checkout/done?payment=PAY-000042&session_id=${sessionId}`,
      );
      expect(received).toHaveLength(1);
      const delivered = webhook({ payload: received[0].body, header: received[0].signature ?? '' });
      expect(delivered).toMatchObject({ type: 'session.paid', session: { sessionId } });
    } finally {
      fake.webhookUrl = undefined;
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

function now(): number {
  return Math.floor(Date.now() / 1000);
}
