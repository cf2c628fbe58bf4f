import { z } from 'zod';
import type { PaymentFailure } from '../../../../shared/api/checkout';
import { PAYMENT_FAILURES } from '../../../../shared/checkout-messages';
import type { PaymentProviderName } from '../../../db/schema';

/**
 * A payment provider (decision 0012): a hosted payment page for one payment, and signed events
 * that tell us what happened. The provider is chosen by PAYMENT_PROVIDER; the rest of the
 * server sees only this interface. A payment is confirmed only by the provider's word: a webhook
 * event whose signature checks, or `retrieve` asked by the server itself.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;

  /** Opens a hosted payment page for one payment; returns its session id and address. */
  createSession(input: CreateSessionInput): Promise<{ sessionId: string; url: string }>;

  /** What the provider says about a session now (a server-to-provider call, never the browser). */
  retrieveSession(sessionId: string): Promise<SessionState>;

  /**
   * Closes a session so it can no longer be paid. Answers `paid` when it was paid first (then the
   * caller must confirm it instead of cancelling).
   */
  expireSession(sessionId: string): Promise<'expired' | 'paid'>;

  /**
   * Gives back part or all of the money a paid session took (`providerPaymentId`: Stripe's payment
   * intent). The same `idempotencyKey` again answers the same refund, never a second one; the
   * provider refuses more than was taken (a RefundRefusedError).
   */
  refund(
    providerPaymentId: string,
    amountPence: number,
    idempotencyKey: string,
  ): Promise<RefundResult>;

  /**
   * What the provider says about a refund it answered before (by its own id): a refund first
   * answered `pending` settles later, and asking again with its idempotency key would only repeat
   * that first answer.
   */
  retrieveRefund(refundId: string): Promise<RefundResult>;

  /**
   * Checks a webhook delivery's signature against its raw body and reads the event. Throws a
   * WebhookSignatureError when the signature is missing, wrong or too old, and a
   * WebhookBodyError when a signed body is not an event of the shape the provider documents.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
}

export interface CreateSessionInput {
  /** Our payment's reference (`PAY-000001`), carried back in every event. */
  reference: string;
  amountPence: number;
  /** One line per order or invoice, as the payment page lists them. */
  lines: { name: string; pence: number }[];
  /** The discount, shown on the payment page as a negative line when there is one. */
  discountPence: number;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** When the page stops taking payment. */
  expiresAt: Date;
}

export interface SessionState {
  sessionId: string;
  status: 'open' | 'paid' | 'expired';
  /** The amount the provider took (when paid), in pence. */
  amountPence: number;
  /** Our payment's reference, as given to createSession. */
  reference: string;
  /** The provider's id of the money taken (for refunds later). */
  providerPaymentId: string | null;
  lastFailure: PaymentFailure | null;
}

/** What a webhook event tells us, in the provider-neutral form the payments service reads. */
export type ProviderEvent =
  | { id: string; type: 'session.paid'; session: SessionState }
  | { id: string; type: 'session.failed'; session: SessionState; failure: PaymentFailure }
  | { id: string; type: 'session.expired'; session: SessionState }
  /**
   * Money given back on a payment: the refunds it names (each with the idempotency key we sent,
   * when the provider carries it back), or none when the event does not list them (then the
   * payment's pending refunds are asked about).
   */
  | { id: string; type: 'refunds'; providerPaymentId: string | null; refunds: RefundState[] }
  /** An event of a kind we do not act on: acknowledged and ignored. */
  | { id: string; type: 'ignored'; providerType: string };

export interface RefundResult {
  /** The provider's id of the refund. */
  refundId: string;
  /** Card refunds succeed at once; some methods take a while (pending) or fail later. */
  status: 'succeeded' | 'pending' | 'failed';
}

/** A refund as a provider's event tells it. */
export interface RefundState extends RefundResult {
  /** Our idempotency key for it, when the provider sends it back (Stripe: in its metadata). */
  idempotencyKey: string | null;
}

export class WebhookSignatureError extends Error {}

/**
 * A correctly signed webhook body that is not an event we can read (not JSON, or not the shape
 * the provider documents): answered 400 and logged, so a provider whose events changed shape is
 * told, and nothing is booked from a guess.
 */
export class WebhookBodyError extends Error {}

/** Reads a signed body as `schema` says, or throws a WebhookBodyError naming what was wrong. */
export function readWebhookBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new WebhookBodyError(`${issue.path.join('.') || 'body'}: ${issue.message}`);
}

/** JSON.parse for a signed body: what is not JSON is a WebhookBodyError. */
export function parseWebhookJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    throw new WebhookBodyError('body: is not JSON');
  }
}

/** An event's id and type as every provider sends them (stored in payment_events). */
export const eventId = z.string().min(1).max(255);
export const eventType = z.string().min(1).max(100);

/** A session as the sandbox's events carry it (SessionState). */
export const sessionStateSchema: z.ZodType<SessionState> = z.object({
  sessionId: z.string().min(1).max(255),
  status: z.enum(['open', 'paid', 'expired']),
  amountPence: z.number().int().nonnegative(),
  reference: z.string().max(255),
  providerPaymentId: z.string().max(255).nullable(),
  lastFailure: z.enum(PAYMENT_FAILURES).nullable(),
});

/** The provider refused a refund (more than the payment took, or an unknown payment). */
export class RefundRefusedError extends Error {}
