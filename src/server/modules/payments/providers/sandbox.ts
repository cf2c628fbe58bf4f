import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql, sum } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentFailure } from '../../../../shared/api/checkout';
import { PAYMENT_FAILURES } from '../../../../shared/checkout-messages';
import type { Db } from '../../../db/client';
import { builtOnce } from '../../../db/prepared';
import { sandboxRefunds, sandboxSessions, settings } from '../../../db/schema';
import {
  eventId,
  eventType,
  parseWebhookJson,
  readWebhookBody,
  RefundRefusedError,
  sessionStateSchema,
  WebhookBodyError,
  WebhookSignatureError,
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderEvent,
  type SessionState,
} from './provider';

/**
 * The built-in sandbox payment provider (PAYMENT_PROVIDER=sandbox, the default): what a demo or
 * a test install takes payments with, with no account anywhere. It plays a real provider's part:
 * it keeps its own sessions (table sandbox_sessions), hosts a payment page marked TEST MODE
 * (sandbox-page.ts), and reports what happened as events signed with a secret, delivered to our
 * webhook route like any provider's. The test cards are Stripe's.
 */

/** Test cards: what each number does. Any other number is refused by the page. */
export const SANDBOX_CARDS: Readonly<Record<string, 'paid' | PaymentFailure>> = {
  '4242424242424242': 'paid',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};

export const SANDBOX_SIGNATURE_HEADER = 'ferrybox-sandbox-signature';
/** Events older than this are refused, so a captured event cannot be replayed later. */
const TOLERANCE_SECONDS = 300;
const SECRET_SETTING = { category: 'Payments', name: 'SandboxWebhookSecret' } as const;

export interface SandboxProvider extends PaymentProvider {
  /** The secret events are signed with (shared by every node through the database). */
  readonly secret: string;
  /** The session's page data, or null for an unknown id. */
  session(sessionId: string): Promise<SandboxSession | null>;
  /**
   * Pays a session with a test card: records the outcome on the sandbox's side and returns the
   * signed event to deliver. Null when the session is no longer open.
   */
  pay(sessionId: string, cardNumber: string): Promise<SignedEvent | null>;
  /** Signs an event body as the page would (tests forge and replay with it). */
  sign(body: string, at?: number): string;
}

export type SandboxSession = typeof sandboxSessions.$inferSelect;
interface SignedEvent {
  body: string;
  signature: string;
  outcome: 'paid' | PaymentFailure;
}

/** The events the sandbox's page sends (any other type is acknowledged and ignored). */
const sandboxEvent = z.object({
  id: eventId,
  type: eventType,
  session: sessionStateSchema.optional(),
  failure: z.enum(PAYMENT_FAILURES).optional(),
});

/** Reads (or, on the first start, makes) the signing secret, the same for every node. */
async function loadSecret(db: Db): Promise<string> {
  const where = and(
    eq(settings.category, SECRET_SETTING.category),
    eq(settings.name, SECRET_SETTING.name),
  );
  await db
    .insert(settings)
    .values({
      ...SECRET_SETTING,
      value: JSON.stringify(randomBytes(32).toString('base64url')),
      public: false,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(where);
  return JSON.parse(row.value) as string;
}

const toState = (row: SandboxSession): SessionState => ({
  sessionId: row.id,
  status: row.status === 'complete' ? 'paid' : row.status === 'expired' ? 'expired' : 'open',
  amountPence: row.amountPence,
  reference: row.clientReference,
  providerPaymentId: row.paymentId,
  lastFailure: (row.lastFailure as PaymentFailure | null) ?? null,
});

// What every checkout asks of the sandbox, built once (db/prepared.ts).
const sessionOpened = builtOnce((db) =>
  db
    .insert(sandboxSessions)
    .values({
      id: sql.placeholder('id'),
      amountPence: sql.placeholder('amountPence'),
      description: sql.placeholder('description'),
      customerEmail: sql.placeholder('customerEmail'),
      clientReference: sql.placeholder('clientReference'),
      successUrl: sql.placeholder('successUrl'),
      cancelUrl: sql.placeholder('cancelUrl'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare(''),
);
const sessionExpired = builtOnce((db) =>
  db
    .update(sandboxSessions)
    .set({ status: 'expired' })
    .where(and(eq(sandboxSessions.id, sql.placeholder('id')), eq(sandboxSessions.status, 'open')))
    .returning()
    .prepare(''),
);

export async function createSandboxProvider(db: Db): Promise<SandboxProvider> {
  const secret = await loadSecret(db);
  const sign = (body: string, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  const find = async (id: string) =>
    (await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)))[0] ?? null;
  const event = (state: SessionState, type: 'session.paid' | 'session.failed', failure?: string) =>
    JSON.stringify({
      id: `evt_sbx_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(Date.now() / 1000),
      session: state,
      ...(failure ? { failure } : {}),
    });

  return {
    name: 'sandbox',
    secret,
    sign,

    async createSession(input: CreateSessionInput) {
      const id = `sbx_cs_${randomBytes(16).toString('hex')}`;
      await sessionOpened(db).execute({
        id,
        amountPence: input.amountPence,
        description: JSON.stringify({ lines: input.lines, discountPence: input.discountPence }),
        customerEmail: input.customerEmail,
        clientReference: input.reference,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
      });
      // The page is on this server, so the address is relative: the customer stays on the
      // origin they are browsing (and keeps their session).
      return { sessionId: id, url: `/sandbox/checkout/${id}` };
    },

    async retrieveSession(sessionId) {
      const row = await find(sessionId);
      if (!row) throw new Error(`no sandbox session ${sessionId}`);
      return toState(row);
    },

    async expireSession(sessionId) {
      const [closed] = await sessionExpired(db).execute({ id: sessionId });
      if (closed) return 'expired';
      const row = await find(sessionId);
      return row?.status === 'complete' ? 'paid' : 'expired';
    },

    async refund(providerPaymentId, amountPence, idempotencyKey) {
      // As a real provider: a key already used answers its refund; more than the payment took,
      // counting its earlier refunds, is refused. One transaction, the session's row locked.
      return db.transaction(async (tx) => {
        const [done] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (done) return { refundId: done.id, status: 'succeeded' as const };
        const [session] = await tx
          .select()
          .from(sandboxSessions)
          .where(
            and(
              eq(sandboxSessions.paymentId, providerPaymentId),
              eq(sandboxSessions.status, 'complete'),
            ),
          )
          .for('update');
        if (!session) throw new RefundRefusedError(`no paid sandbox payment ${providerPaymentId}`);
        const [{ refunded }] = await tx
          .select({ refunded: sum(sandboxRefunds.amountPence).mapWith(Number) })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentId, providerPaymentId));
        if (amountPence <= 0 || (refunded ?? 0) + amountPence > session.amountPence) {
          throw new RefundRefusedError(`refund of ${amountPence} exceeds what is left to refund`);
        }
        const id = `sbx_re_${randomBytes(12).toString('hex')}`;
        await tx
          .insert(sandboxRefunds)
          .values({ id, paymentId: providerPaymentId, amountPence, idempotencyKey });
        return { refundId: id, status: 'succeeded' as const };
      });
    },

    async retrieveRefund(refundId) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refundId));
      if (!row) throw new Error(`no sandbox refund ${refundId}`);
      return { refundId: row.id, status: 'succeeded' as const };
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const value = Array.isArray(header) ? header[0] : header;
      const parts = Object.fromEntries(
        (value ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]),
      );
      const at = Number(parts.t);
      const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
      const expected = createHmac('sha256', secret).update(`${parts.t}.`).update(rawBody).digest();
      if (
        !Number.isSafeInteger(at) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      ) {
        throw new WebhookSignatureError('invalid signature');
      }
      if (Math.abs(Date.now() / 1000 - at) > TOLERANCE_SECONDS) {
        throw new WebhookSignatureError('signature too old');
      }
      const body = readWebhookBody(sandboxEvent, parseWebhookJson(rawBody));
      if (body.type === 'session.paid' || body.type === 'session.failed') {
        if (!body.session) throw new WebhookBodyError('session: is required');
        return body.type === 'session.paid'
          ? { id: body.id, type: body.type, session: body.session }
          : {
              id: body.id,
              type: body.type,
              session: body.session,
              failure: body.failure ?? 'failed',
            };
      }
      return { id: body.id, type: 'ignored', providerType: body.type };
    },

    session: find,

    async pay(sessionId, cardNumber) {
      const outcome = SANDBOX_CARDS[cardNumber.replace(/\D/g, '')];
      if (!outcome) throw new Error('not a test card');
      const [row] =
        outcome === 'paid'
          ? await db
              .update(sandboxSessions)
              .set({
                status: 'complete',
                paymentId: `sbx_pi_${randomBytes(12).toString('hex')}`,
                lastFailure: null,
              })
              .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, 'open')))
              .returning()
          : await db
              .update(sandboxSessions)
              .set({ lastFailure: outcome })
              .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, 'open')))
              .returning();
      if (!row) return null;
      const body =
        outcome === 'paid'
          ? event(toState(row), 'session.paid')
          : event(toState(row), 'session.failed', outcome);
      return { body, signature: sign(body), outcome };
    },
  };
}
