import Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentFailure } from '../../../../shared/api/checkout';
import { formatMoney, sumPence } from '../../../../shared/money';
import {
  eventId,
  eventType,
  readWebhookBody,
  WebhookBodyError,
  RefundRefusedError,
  WebhookSignatureError,
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderEvent,
  type RefundState,
  type SessionState,
} from './provider';

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls instead of https://api.stripe.com (a local fake in tests). */
  apiUrl?: string;
}

/** How old a webhook's signed timestamp may be, in seconds (Stripe's own default). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe Checkout accepts `expires_at` from 30 minutes to 24 hours after the session is created,
 * measured on Stripe's clock when the request arrives; a minute's margin on each side keeps a slow
 * request or a clock a little apart from being refused.
 */
const MIN_EXPIRY_MS = 31 * 60_000;
const MAX_EXPIRY_MS = 24 * 60 * 60_000 - 60_000;

/**
 * Payments through Stripe Checkout (decision 0012): a hosted payment page per payment, signed
 * webhook events, and server-side look-ups. Only the official SDK talks to Stripe.
 */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });

  async function retrieveSession(sessionId: string): Promise<SessionState> {
    // The payment intent comes expanded so that a declined card can be told apart.
    const session = await stripe.checkout.sessions.retrieve(sessionId, {
      expand: ['payment_intent'],
    });
    return sessionState(session);
  }

  return {
    name: 'stripe',

    async createSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        currency: 'gbp',
        line_items: lineItems(input),
        client_reference_id: input.reference,
        metadata: { reference: input.reference },
        payment_intent_data: { metadata: { reference: input.reference } },
        customer_email: input.customerEmail ?? undefined,
        success_url: withSessionId(input.successUrl),
        cancel_url: input.cancelUrl,
        expires_at: expiresAtSeconds(input.expiresAt, Date.now()),
      });
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no url`);
      return { sessionId: session.id, url: session.url };
    },

    retrieveSession,

    async expireSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (err) {
        // Stripe refuses to expire a session that is no longer open: paid, or expired already.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const state = await retrieveSession(sessionId);
        if (state.status === 'open') throw err; // completed, awaiting a delayed payment method
        return state.status;
      }
    },

    async refund(providerPaymentId, amountPence, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: providerPaymentId,
            amount: amountPence,
            // Carried back in refund events, which then name our refund even when this call's
            // answer was lost.
            metadata: { [REFUND_KEY_METADATA]: idempotencyKey },
          },
          { idempotencyKey },
        );
        return { refundId: refund.id, status: refundStatus(refund.status) };
      } catch (err) {
        // Stripe's refusal (more than is left, an unknown intent) is final: asking again is no use.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(err.message);
        }
        throw err;
      }
    },

    async retrieveRefund(refundId) {
      const refund = await stripe.refunds.retrieve(refundId);
      return { refundId: refund.id, status: refundStatus(refund.status) };
    },

    parseWebhook(rawBody, headers) {
      const header = headers['stripe-signature'];
      if (typeof header !== 'string' || header === '')
        throw new WebhookSignatureError('invalid signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          header,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        // The SDK reads the body only once the signature checks: signed, but not JSON.
        if (err instanceof SyntaxError) throw new WebhookBodyError('body: is not JSON');
        // Stripe's message says what was wrong with the signature: not for the sender's eyes.
        throw new WebhookSignatureError('invalid signature');
      }
      return providerEvent(readStripeEvent(event));
    },
  };
}

/** The refund's metadata key holding our idempotency key. */
const REFUND_KEY_METADATA = 'ferrybox_refund';

/** A Stripe refund as a provider event tells it. */
function refundState(refund: Stripe.Refund): RefundState {
  return {
    refundId: refund.id,
    status: refundStatus(refund.status),
    idempotencyKey: refund.metadata?.[REFUND_KEY_METADATA] ?? null,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's refund status in our terms: requires_action and pending are not settled yet. */
function refundStatus(status: string | null): 'succeeded' | 'pending' | 'failed' {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The SDK's host, port and protocol for an API address other than Stripe's own. */
function apiAddress(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * What the payment page lists. The amount charged must be exactly `amountPence`, so the page
 * never leaves the sum to Stripe's discount arithmetic: with no discount it lists one line per
 * order or invoice (they add up to the amount, checked here); with a discount it shows one line
 * for the amount to pay and lists the lines and the discount in its description.
 *
 * Why not a Stripe coupon for the discount: it would take a second call before each checkout
 * (an orphan coupon left behind when the first succeeds and the second fails), add one coupon per
 * checkout to the account's coupon list, and make the amount charged the result of Stripe
 * spreading the coupon over the lines, which nothing here could check before the customer pays.
 */
function lineItems(input: CreateSessionInput): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const { amountPence, discountPence, lines, reference } = input;
  for (const pence of [amountPence, discountPence, ...lines.map((l) => l.pence)]) {
    if (!Number.isSafeInteger(pence) || pence < 0)
      throw new RangeError(`Not an amount of pence for a payment: ${pence}`);
  }
  if (lines.length === 0 || sumPence(lines.map((l) => l.pence)) - discountPence !== amountPence)
    throw new RangeError(
      `Payment ${reference}: lines less the discount do not make the amount ${amountPence}`,
    );
  const item = (name: string, pence: number, description?: string) => ({
    quantity: 1,
    price_data: {
      currency: 'gbp',
      unit_amount: pence,
      product_data: description ? { name, description } : { name },
    },
  });
  if (discountPence === 0) return lines.map((line) => item(line.name, line.pence));
  const listed = lines.map((line) => `${line.name} ${formatMoney(line.pence)}`);
  listed.push(`Discount ${formatMoney(-discountPence)}`);
  return [item(`Ferrybox deliveries (${reference})`, amountPence, listed.join('; '))];
}

/**
 * The success address with Stripe's `{CHECKOUT_SESSION_ID}` placeholder added to its query (kept
 * literal: Stripe replaces it with the session's id when it sends the customer back).
 */
export function withSessionId(successUrl: string): string {
  const hashAt = successUrl.indexOf('#');
  const base = hashAt === -1 ? successUrl : successUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : successUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}session_id={CHECKOUT_SESSION_ID}${hash}`;
}

/** `expiresAt` in epoch seconds, moved into the window Stripe accepts. */
function expiresAtSeconds(expiresAt: Date, nowMs: number): number {
  const ms = Math.min(Math.max(expiresAt.getTime(), nowMs + MIN_EXPIRY_MS), nowMs + MAX_EXPIRY_MS);
  return Math.floor(ms / 1000);
}

/**
 * A Checkout Session in the provider-neutral form. Paid only when Stripe says `payment_status`
 * is `paid`: a completed session paid by a delayed method (Bacs, say) stays `open` until its
 * `async_payment_succeeded` or `async_payment_failed` event.
 */
function sessionState(session: Stripe.Checkout.Session): SessionState {
  const paid = session.payment_status === 'paid';
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
    amountPence: session.amount_total ?? 0,
    reference: session.client_reference_id ?? session.metadata?.reference ?? '',
    providerPaymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    lastFailure: paid || typeof intent === 'string' ? null : paymentFailure(intent),
  };
}

/** Why the last attempt to pay failed, from an expanded payment intent (null when none did). */
function paymentFailure(intent: Stripe.PaymentIntent | null): PaymentFailure | null {
  const error = intent?.last_payment_error;
  if (!error) return null;
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'card_declined') return 'card_declined';
  return 'failed';
}

const stripeId = z.string().min(1).max(255);
const expandable = z.union([stripeId, z.object({ id: stripeId })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();
const refundObject = z.object({
  id: stripeId,
  status: z.string().nullish(),
  payment_intent: expandable,
  metadata,
});
const eventOf = (object: z.ZodType) => z.object({ data: z.object({ object }) });
const checkoutSessionEvent = eventOf(
  z.object({
    id: stripeId,
    payment_status: z.string().nullish(),
    status: z.string().nullish(),
    amount_total: z.number().int().nonnegative().nullish(),
    client_reference_id: z.string().max(255).nullish(),
    metadata,
    payment_intent: expandable,
  }),
);
const refundEvent = eventOf(refundObject);
const chargeEvent = eventOf(
  z.object({
    payment_intent: expandable,
    refunds: z.object({ data: z.array(refundObject) }).nullish(),
  }),
);
/** What providerEvent reads of each event it acts on, as Stripe's API reference gives it. */
const ACTED_ON: Record<string, z.ZodType> = {
  'checkout.session.completed': checkoutSessionEvent,
  'checkout.session.async_payment_succeeded': checkoutSessionEvent,
  'checkout.session.async_payment_failed': checkoutSessionEvent,
  'checkout.session.expired': checkoutSessionEvent,
  'refund.created': refundEvent,
  'refund.updated': refundEvent,
  'refund.failed': refundEvent,
  'charge.refunded': chargeEvent,
};

/** A signed event, checked to have what providerEvent reads (any other type: id and type). */
function readStripeEvent(event: unknown): Stripe.Event {
  const { type } = readWebhookBody(z.object({ id: eventId, type: eventType }), event);
  const schema = Object.hasOwn(ACTED_ON, type) ? ACTED_ON[type] : undefined;
  if (schema) readWebhookBody(schema, event);
  return event as Stripe.Event;
}

function providerEvent(event: Stripe.Event): ProviderEvent {
  const ignored = { id: event.id, type: 'ignored', providerType: event.type } as const;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = sessionState(event.data.object);
      // Completed but not yet paid: a delayed payment method, whose outcome comes later.
      return session.status === 'paid' ? { id: event.id, type: 'session.paid', session } : ignored;
    }
    case 'checkout.session.async_payment_failed':
      return {
        id: event.id,
        type: 'session.failed',
        session: sessionState(event.data.object),
        failure: 'failed',
      };
    case 'checkout.session.expired':
      return { id: event.id, type: 'session.expired', session: sessionState(event.data.object) };
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      return {
        id: event.id,
        type: 'refunds',
        providerPaymentId: idOf(refund.payment_intent),
        refunds: [refundState(refund)],
      };
    }
    case 'charge.refunded': {
      // The charge lists its refunds only when they are expanded (older API versions did).
      const charge = event.data.object;
      return {
        id: event.id,
        type: 'refunds',
        providerPaymentId: idOf(charge.payment_intent),
        refunds: (charge.refunds?.data ?? []).map(refundState),
      };
    }
    default:
      return ignored;
  }
}
