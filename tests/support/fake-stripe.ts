/**
 * A fake of the few Stripe API endpoints Ferrybox calls, on a real HTTP server on 127.0.0.1, so
 * the official SDK is exercised down to its requests (nothing here calls api.stripe.com).
 *
 *   const stripe = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:3000/api/…' });
 *   // app: PAYMENT_PROVIDER=stripe STRIPE_API_URL=${stripe.url}
 *   //      STRIPE_SECRET_KEY=${stripe.secretKey} STRIPE_WEBHOOK_SECRET=${stripe.webhookSecret}
 *   const { payload, header } = await stripe.complete(sessionId); // paid, event signed
 *   await app.inject({ method: 'POST', url: '/api/…', payload,
 *     headers: { 'content-type': 'application/json', 'stripe-signature': header } });
 *   await stripe.close();
 *
 * API endpoints (form-encoded bodies and `expand[]` as the SDK sends them; Stripe-shaped errors;
 * every call must carry `Authorization: Bearer <secretKey>`, else 401):
 * - POST /v1/checkout/sessions: mode `payment`, `line_items[i][price_data]` with `currency`,
 *   `unit_amount` and `product_data[name]`, `quantity`; `success_url`, `cancel_url`,
 *   `client_reference_id`, `customer_email`, `metadata`, `payment_intent_data[metadata]`,
 *   `expires_at` (refused outside 30 min to 24 h from now, as Stripe does). Coupons and
 *   discounts are refused: Ferrybox sends none.
 * - GET /v1/checkout/sessions/:id, with `expand[]=payment_intent` and `expand[]=line_items`.
 * - POST /v1/checkout/sessions/:id/expire: refused with an invalid_request_error unless open.
 * - POST /v1/refunds: `payment_intent` (of a paid session) and `amount` (default: all that is
 *   left); refused with an invalid_request_error beyond what is left. The `Idempotency-Key`
 *   header works as Stripe's: the same key answers the same refund again, never a second one
 *   (as first answered). `metadata` is kept. New refunds are `succeeded`, or `pending` while
 *   `refundsPending` is set.
 * - GET /v1/refunds/:id: a refund as it stands now.
 *
 * The hosted page: each session's `url` is `${stripe.url}/c/pay/:id`, a small HTML page with
 * "Pay" (completes the session and redirects to its success_url, `{CHECKOUT_SESSION_ID}`
 * replaced), "Decline card" (stays on the page) and "Back" (redirects to cancel_url) buttons, so
 * a browser can go through a checkout.
 *
 * Test controls, each returning the Stripe event it causes, signed with `webhookSecret` as a
 * `{ event, payload, header }` (`header` is the Stripe-Signature value):
 * - `complete(id)`: the customer paid: `checkout.session.completed`, payment_status `paid`.
 * - `decline(id, declineCode?)`: a card refused on the page; the session stays open, its payment
 *   intent carries `last_payment_error` (`card_declined`, decline_code `generic_decline` or the
 *   one given, e.g. `insufficient_funds`): `payment_intent.payment_failed`.
 * - `fail(id)`: a delayed payment method completed the session then failed:
 *   `checkout.session.async_payment_failed`.
 * - `expire(id)`: the session ran out of time: `checkout.session.expired`.
 * - `settleRefund(id, status)`: a pending refund succeeded or failed: `refund.updated`.
 * - `chargeRefunded(intentId)`: `charge.refunded` for the intent's charge (its refunds not listed,
 *   as Stripe's current API versions send it).
 * - `signEvent(type, object, { timestamp?, secret? })`: any event, signed (for forged or old ones).
 * When `webhookUrl` is set (at start or later), each event is also POSTed there as Stripe would;
 * a control resolves after that delivery, whose HTTP status is in `delivery`.
 * `requests` logs every API call (method, path, parsed body/query, idempotency key); `session(id)`
 * reads one; `refunds` lists the refunds made.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where to POST each event, as Stripe's webhook delivery does. */
  webhookUrl?: string;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body or query string, nested as Stripe reads it (`line_items[0][quantity]`). */
  params: Params;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  created: number;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  metadata: Record<string, string>;
}

export interface SignedEvent {
  event: StripeEvent;
  /** The raw JSON body, exactly as signed. */
  payload: string;
  /** The Stripe-Signature header for `payload`. */
  header: string;
  /** The HTTP status of the delivery to `webhookUrl`, when there is one. */
  delivery?: number;
}

interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: object };
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  url: string | null;
}

interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'succeeded';
  last_payment_error: {
    type: 'card_error';
    code: string;
    decline_code?: string;
    message: string;
  } | null;
}

interface FakeLineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: { object: 'price'; currency: string; unit_amount: number; product: string };
  /** What was asked for, as sent (product_data[description] included). */
  price_data: Params;
}

type Params = { [key: string]: ParamValue };
type ParamValue = string | Params | ParamValue[];

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; param?: string; code?: string } = {},
  ) {
    super(message);
  }
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const fake = new FakeStripe(options);
  await fake.listen();
  return fake;
}

export class FakeStripe {
  readonly secretKey: string;
  readonly webhookSecret: string;
  webhookUrl: string | undefined;
  url = '';
  readonly requests: FakeStripeRequest[] = [];
  /** Every event the fake has signed, oldest first. */
  readonly events: SignedEvent[] = [];
  private readonly sessions = new Map<string, FakeSession>();
  private readonly lineItems = new Map<string, FakeLineItem[]>();
  private readonly intents = new Map<string, FakePaymentIntent>();
  /** Every refund made, oldest first. */
  readonly refunds: FakeRefund[] = [];
  private readonly refundsByKey = new Map<string, FakeRefund>();
  /** New refunds start `pending` (a payment method that refunds slowly) while this is set. */
  refundsPending = false;
  /** payment_intent_data[metadata] per session, for the intent made when the customer pays. */
  private readonly intentMetadata = new Map<string, Record<string, string>>();
  private readonly deliveries = new Set<Promise<unknown>>();
  private readonly server = http.createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      const status = err instanceof StripeApiError ? err.status : 500;
      const details = err instanceof StripeApiError ? err.details : {};
      send(res, status, {
        error: {
          type: 'invalid_request_error',
          ...details,
          message: String((err as Error).message),
        },
      });
    });
  });

  constructor(options: FakeStripeOptions = {}) {
    this.secretKey = options.secretKey ?? 'sk_test_ferryboxfake';
    this.webhookSecret = options.webhookSecret ?? 'whsec_ferryboxfake';
    this.webhookUrl = options.webhookUrl;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A copy of a session as Stripe would answer it (payment_intent not expanded). */
  session(id: string): FakeSession {
    return structuredClone(this.openSession(id));
  }

  async complete(id: string): Promise<SignedEvent> {
    const session = this.mustBeOpen(id);
    const intent = this.intentOf(session);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    return this.emit('checkout.session.completed', session);
  }

  async decline(id: string, declineCode = 'generic_decline'): Promise<SignedEvent> {
    const intent = this.intentOf(this.mustBeOpen(id));
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message: 'Your card was declined.',
    };
    return this.emit('payment_intent.payment_failed', intent);
  }

  async fail(id: string): Promise<SignedEvent> {
    const session = this.mustBeOpen(id);
    const intent = this.intentOf(session);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'payment_method_provider_decline',
      message: 'The payment was declined by the payment method provider.',
    };
    session.status = 'complete';
    session.payment_status = 'unpaid';
    session.url = null;
    return this.emit('checkout.session.async_payment_failed', session);
  }

  async expire(id: string): Promise<SignedEvent> {
    const session = this.mustBeOpen(id);
    session.status = 'expired';
    session.url = null;
    return this.emit('checkout.session.expired', session);
  }

  async settleRefund(id: string, status: 'succeeded' | 'failed'): Promise<SignedEvent> {
    const refund = this.refunds.find((r) => r.id === id);
    if (!refund) throw new Error(`no fake refund ${id}`);
    refund.status = status;
    return this.emit('refund.updated', refund);
  }

  async chargeRefunded(intentId: string): Promise<SignedEvent> {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no fake payment intent ${intentId}`);
    const refunded = this.refunds
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    return this.emit('charge.refunded', {
      id: `ch_${intentId.slice(3)}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: refunded,
      currency: intent.currency,
      payment_intent: intentId,
      refunded: refunded >= intent.amount,
    });
  }

  /** An event of any type about `object`, signed (with another secret or an old timestamp). */
  signEvent(
    type: string,
    object: object,
    { secret = this.webhookSecret, timestamp }: { secret?: string; timestamp?: number } = {},
  ): SignedEvent {
    const event: StripeEvent = {
      id: newId('evt_test_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return { event, payload, header };
  }

  private async emit(type: string, object: object): Promise<SignedEvent> {
    const signed = this.signEvent(type, object);
    this.events.push(signed);
    if (this.webhookUrl) {
      const delivery = this.deliver(this.webhookUrl, signed);
      this.deliveries.add(delivery);
      try {
        signed.delivery = await delivery;
      } finally {
        this.deliveries.delete(delivery);
      }
    }
    return signed;
  }

  private async deliver(url: string, { payload, header }: SignedEvent): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  private openSession(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session)
      throw new StripeApiError(404, `No such checkout.session: '${id}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    return session;
  }

  private mustBeOpen(id: string): FakeSession {
    const session = this.openSession(id);
    if (session.status !== 'open')
      throw new StripeApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired or paid. This Checkout Session has a status of "${session.status}".`,
      );
    return session;
  }

  /** The session's payment intent, made when the customer first tries to pay (as Stripe does). */
  private intentOf(session: FakeSession): FakePaymentIntent {
    const existing = session.payment_intent && this.intents.get(session.payment_intent);
    if (existing) return existing;
    const intent: FakePaymentIntent = {
      id: newId('pi_test_'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      created: nowSeconds(),
      livemode: false,
      metadata: this.intentMetadata.get(session.id) ?? {},
      status: 'requires_payment_method',
      last_payment_error: null,
    };
    this.intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = await readBody(req);
    if (url.pathname.startsWith('/c/pay/')) return this.page(req.method ?? 'GET', url, res);

    const params = nest(
      req.method === 'GET' ? url.searchParams : new URLSearchParams(body.toString('utf8')),
    );
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      authorization: req.headers.authorization,
      idempotencyKey: header(req.headers['idempotency-key']),
    });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      throw new StripeApiError(401, 'Invalid API Key provided.');

    const route = `${req.method} ${url.pathname}`;
    let match: RegExpMatchArray | null;
    if (route === 'POST /v1/checkout/sessions') return send(res, 200, this.create(params));
    if (route === 'POST /v1/refunds')
      return send(res, 200, this.refund(params, header(req.headers['idempotency-key'])));
    if ((match = route.match(/^GET \/v1\/refunds\/([\w-]+)$/))) {
      const refund = this.refunds.find((r) => r.id === match![1]);
      if (!refund)
        throw new StripeApiError(404, `No such refund: '${match[1]}'`, {
          code: 'resource_missing',
          param: 'id',
        });
      return send(res, 200, structuredClone(refund));
    }
    if ((match = route.match(/^GET \/v1\/checkout\/sessions\/([\w-]+)$/)))
      return send(res, 200, this.expanded(this.openSession(match[1]), params));
    if ((match = route.match(/^POST \/v1\/checkout\/sessions\/([\w-]+)\/expire$/))) {
      const session = this.openSession(match[1]);
      if (session.status !== 'open')
        throw new StripeApiError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      session.status = 'expired';
      session.url = null;
      send(res, 200, this.expanded(session, params));
      // Stripe sends the event after answering; close() waits for the delivery.
      void this.emit('checkout.session.expired', session).catch(() => undefined);
      return;
    }
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  private create(params: Params): FakeSession {
    if (params.mode !== 'payment')
      throw invalid('mode', 'The fake supports only mode=payment Checkout Sessions.');
    if (params.discounts !== undefined)
      throw invalid('discounts', 'The fake does not support discounts or coupons.');
    const currency = text(params.currency ?? 'gbp', 'currency');
    const items = list(params.line_items, 'line_items');
    if (items.length === 0) throw invalid('line_items', 'Missing required param: line_items.');
    const lineItems = items.map((raw, i): FakeLineItem => {
      const item = record(raw, `line_items[${i}]`);
      const priceData = record(item.price_data, `line_items[${i}][price_data]`);
      const unitAmount = integer(
        priceData.unit_amount,
        `line_items[${i}][price_data][unit_amount]`,
      );
      const quantity = integer(item.quantity ?? '1', `line_items[${i}][quantity]`);
      const product = record(priceData.product_data, `line_items[${i}][price_data][product_data]`);
      const name = text(product.name, `line_items[${i}][price_data][product_data][name]`);
      if (text(priceData.currency, `line_items[${i}][price_data][currency]`) !== currency)
        throw invalid(
          `line_items[${i}][price_data][currency]`,
          'All line items must share one currency.',
        );
      if (unitAmount < 0 || quantity < 1) throw invalid(`line_items[${i}]`, 'Invalid amount.');
      return {
        id: newId('li_test_'),
        object: 'item',
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        currency,
        description: name,
        quantity,
        price: { object: 'price', currency, unit_amount: unitAmount, product: newId('prod_test_') },
        price_data: priceData,
      };
    });
    const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    if (amount < 30)
      throw invalid(
        'line_items',
        "The Checkout Session's total amount due must add up to at least £0.30 gbp",
      );
    const created = nowSeconds();
    const expiresAt =
      params.expires_at === undefined ? created + 86_400 : integer(params.expires_at, 'expires_at');
    if (expiresAt < created + 1800 || expiresAt > created + 86_400)
      throw invalid(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      );
    const successUrl = text(params.success_url, 'success_url');
    const id = newId('cs_test_');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url === undefined ? null : text(params.cancel_url, 'cancel_url'),
      client_reference_id:
        params.client_reference_id === undefined
          ? null
          : text(params.client_reference_id, 'client_reference_id'),
      created,
      currency,
      customer_email:
        params.customer_email === undefined ? null : text(params.customer_email, 'customer_email'),
      expires_at: expiresAt,
      livemode: false,
      metadata: strings(params.metadata, 'metadata'),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${this.url}/c/pay/${id}`,
    };
    const intentData =
      params.payment_intent_data === undefined
        ? {}
        : record(params.payment_intent_data, 'payment_intent_data');
    this.intentMetadata.set(id, strings(intentData.metadata, 'payment_intent_data[metadata]'));
    this.sessions.set(id, session);
    this.lineItems.set(id, lineItems);
    return structuredClone(session);
  }

  private refund(params: Params, key: string | undefined): FakeRefund {
    const earlier = key === undefined ? undefined : this.refundsByKey.get(key);
    if (earlier) return structuredClone(earlier);
    const intentId = text(params.payment_intent, 'payment_intent');
    const intent = this.intents.get(intentId);
    if (!intent)
      throw new StripeApiError(404, `No such payment_intent: '${intentId}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    if (intent.status !== 'succeeded')
      throw invalid('payment_intent', 'This PaymentIntent does not have a successful charge.');
    const given = this.refunds
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount - given;
    const amount = params.amount === undefined ? left : integer(params.amount, 'amount');
    if (amount <= 0 || amount > left)
      throw new StripeApiError(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { param: 'amount', code: left === 0 ? 'charge_already_refunded' : undefined },
      );
    const refund: FakeRefund = {
      id: newId('re_test_'),
      object: 'refund',
      amount,
      currency: intent.currency,
      created: nowSeconds(),
      payment_intent: intentId,
      status: this.refundsPending ? 'pending' : 'succeeded',
      metadata: strings(params.metadata, 'metadata'),
    };
    this.refunds.push(refund);
    // Stripe replays the first answer to a key, not the refund as it stands later.
    if (key !== undefined) this.refundsByKey.set(key, structuredClone(refund));
    return structuredClone(refund);
  }

  private expanded(session: FakeSession, params: Params): object {
    const expand = params.expand === undefined ? [] : list(params.expand, 'expand');
    const answer: Record<string, unknown> = { ...structuredClone(session) };
    for (const field of expand) {
      if (field === 'payment_intent')
        answer.payment_intent = session.payment_intent
          ? this.intents.get(session.payment_intent)
          : null;
      else if (field === 'line_items')
        answer.line_items = {
          object: 'list',
          data: this.lineItems.get(session.id),
          has_more: false,
          url: `/v1/checkout/sessions/${session.id}/line_items`,
        };
      else throw invalid('expand', `This property cannot be expanded (${String(field)}).`);
    }
    return answer;
  }

  /** The hosted payment page: GET shows it, POST …/pay, …/decline and …/cancel act on it. */
  private async page(method: string, url: URL, res: http.ServerResponse): Promise<void> {
    const [, , , id, action] = url.pathname.split('/');
    const session = this.sessions.get(id ?? '');
    if (!session) return sendHtml(res, 404, '<h1>No such checkout session</h1>');
    if (method === 'POST' && action === 'cancel') return redirect(res, session.cancel_url ?? '/');
    if (method === 'POST' && session.status === 'open' && action === 'pay') {
      await this.complete(session.id);
      return redirect(
        res,
        (session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id),
      );
    }
    if (method === 'POST' && session.status === 'open' && action === 'decline') {
      await this.decline(session.id);
      return redirect(res, `/c/pay/${session.id}?declined=1`);
    }
    const lines = (this.lineItems.get(session.id) ?? [])
      .map(
        (item) => `<li>${escape(item.description)}: ${item.amount_total} (${item.currency})</li>`,
      )
      .join('');
    const declined = url.searchParams.has('declined')
      ? '<p role="alert">Your card was declined.</p>'
      : '';
    const form = (action: string, label: string) =>
      `<form method="post" action="/c/pay/${session.id}/${action}"><button>${label}</button></form>`;
    const actions =
      session.status === 'open'
        ? form('pay', 'Pay') + form('decline', 'Decline card') + form('cancel', 'Back')
        : `<p>This checkout session is ${session.status}.</p>`;
    sendHtml(
      res,
      200,
      `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout (TEST)</h1>` +
        `<p>Pay ${session.amount_total} pence (${session.currency}) for ${escape(session.client_reference_id ?? '')}</p>` +
        `<ul>${lines}</ul>${declined}${actions}`,
    );
  }
}

/** `a[b][0][c]=x` pairs as `{ a: { b: [{ c: 'x' }] } }`; `a[]=x` appends to a list. */
function nest(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params | ParamValue[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, ParamValue>;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1]);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Params | ParamValue[];
    });
  }
  return root;
}

function invalid(param: string, message: string): StripeApiError {
  return new StripeApiError(400, message, { param });
}

function text(value: ParamValue | undefined, param: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(param, `Invalid string: ${param}`);
  return value;
}

function integer(value: ParamValue | undefined, param: string): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value))
    throw invalid(param, `Invalid integer: ${String(value)}`);
  return Number(value);
}

function record(value: ParamValue | undefined, param: string): Params {
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(param, `Invalid object: ${param}`);
  return value;
}

function list(value: ParamValue | undefined, param: string): ParamValue[] {
  if (!Array.isArray(value)) throw invalid(param, `Invalid array: ${param}`);
  return value;
}

function strings(value: ParamValue | undefined, param: string): Record<string, string> {
  if (value === undefined) return {};
  return Object.fromEntries(
    Object.entries(record(value, param)).map(([k, v]) => [k, text(v, `${param}[${k}]`)]),
  );
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function newId(prefix: string): string {
  return prefix + randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_') });
  res.end(JSON.stringify(body));
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
