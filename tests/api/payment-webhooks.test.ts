import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checkoutResponse, type CheckoutResult } from '../../src/shared/api/checkout';
import { orderEvents, paymentEvents, payments } from '../../src/server/db/schema';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxProvider,
} from '../../src/server/modules/payments/providers/sandbox';
import { useTestApp } from '../support/app';
import { band, booking, checkoutCalls, checkoutCustomer } from '../support/checkout';

const ctx = useTestApp();
const calls = checkoutCalls(ctx);
const sandbox = () => ctx.app.paymentProvider as SandboxProvider;

async function pendingCheckout(): Promise<{ result: CheckoutResult; sessionId: string }> {
  const ann = await checkoutCustomer(ctx);
  const c = await band(ctx, 'C');
  const res = await calls.checkout(ann, [booking(c.id), booking(c.id)]);
  const result = checkoutResponse.parse(res.json());
  return { result, sessionId: result.Payment.CheckoutUrl!.split('/').pop()! };
}

/** What the provider would send once the session is paid (the sandbox's own event body). */
async function paidEvent(sessionId: string) {
  const event = await sandbox().pay(sessionId, '4242424242424242');
  if (!event) throw new Error('session not open');
  return event;
}

const deliver = (body: string, signature: string | undefined, provider = 'sandbox') =>
  ctx.app.inject({
    method: 'POST',
    url: `/public/payment/webhook/${provider}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
    },
    payload: body,
  });

const statusOf = async (paymentId: number) =>
  (await ctx.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0].status;

/** The status changes of the payment's orders to Awaiting Parcel. */
const bookings = async (result: CheckoutResult) =>
  ctx.database.db
    .select()
    .from(orderEvents)
    .where(
      and(
        inArray(
          orderEvents.orderId,
          result.Orders.map((o) => o.Id),
        ),
        eq(orderEvents.toStatus, 'Awaiting Parcel'),
      ),
    );

/** Receipts queued for the payment (the mail outbox): each payment gets one. */
const receiptsQueued = async (reference: string) => {
  const { rows } = await ctx.database.executeSql(
    `select count(*)::int as n from mail_outbox where kind = 'receipt' and message->>'subject' like $1`,
    [`%${reference}%`],
  );
  return (rows[0] as { n: number }).n;
};

describe('POST /public/payment/webhook/{provider}', () => {
  test('a correctly signed event books the payment', async () => {
    const { result, sessionId } = await pendingCheckout();
    const event = await paidEvent(sessionId);
    const res = await deliver(event.body, event.signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(result.Payment.Id)).toBe('paid');
    expect(await bookings(result)).toHaveLength(2);
  });

  test('a forged, unsigned, tampered or stale event is refused and changes nothing', async () => {
    const { result, sessionId } = await pendingCheckout();
    const event = await paidEvent(sessionId);
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`;
    const tampered = event.body.replace(/"amountPence":\d+/, '"amountPence":1');
    const stale = sandbox().sign(event.body, Math.floor(Date.now() / 1000) - 600);
    for (const [body, signature] of [
      [event.body, forged],
      [event.body, undefined],
      [event.body, 'garbage'],
      [tampered, event.signature],
      [event.body, stale],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: 'Invalid signature.' });
    }
    expect(await statusOf(result.Payment.Id)).toBe('pending');
    expect(await bookings(result)).toHaveLength(0);
    expect(await ctx.database.db.select().from(paymentEvents)).not.toContainEqual(
      expect.objectContaining({ eventId: JSON.parse(event.body).id }),
    );
  });

  test('a replayed event is acknowledged and changes nothing', async () => {
    const { result, sessionId } = await pendingCheckout();
    const event = await paidEvent(sessionId);
    expect((await deliver(event.body, event.signature)).json()).toEqual({
      received: true,
      duplicate: false,
    });
    const before = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, result.Payment.Id));
    const replay = await deliver(event.body, sandbox().sign(event.body));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(
      await ctx.database.db.select().from(payments).where(eq(payments.id, result.Payment.Id)),
    ).toEqual(before);
    expect(await bookings(result)).toHaveLength(2);
  });

  test('20 concurrent confirmations of one payment book it once and queue one receipt', async () => {
    const { result, sessionId } = await pendingCheckout();
    const event = await paidEvent(sessionId);
    // Twenty distinct events saying the same thing (as a provider retrying), all at once.
    const parsedEvent = JSON.parse(event.body) as { id: string };
    const bodies = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ ...parsedEvent, id: `${parsedEvent.id}_${i}` }),
    );
    const answers = await Promise.all(bodies.map((b) => deliver(b, sandbox().sign(b))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await statusOf(result.Payment.Id)).toBe('paid');
    expect(await bookings(result)).toHaveLength(2);
    expect(await receiptsQueued(result.Payment.Reference)).toBe(1);
    const [{ n }] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(sql`${paymentEvents.eventId} like ${`${parsedEvent.id}_%`}`);
    expect(n).toBe(20);
  });

  test('an event for another provider, or no provider, is not a call', async () => {
    const { sessionId } = await pendingCheckout();
    const event = await paidEvent(sessionId);
    expect((await deliver(event.body, event.signature, 'stripe')).statusCode).toBe(404);
    const unknown = await deliver(event.body, event.signature, 'paypal');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('provider');
  });

  test('a failed attempt is noted on the payment, which stays open', async () => {
    const { result, sessionId } = await pendingCheckout();
    const failed = await sandbox().pay(sessionId, '4000000000000002');
    expect((await deliver(failed!.body, failed!.signature)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, result.Payment.Id));
    expect(row).toMatchObject({ status: 'pending', lastFailure: 'card_declined' });
  });

  test('a correctly signed body we cannot read is a 400 naming the body, and books nothing', async () => {
    const { result, sessionId } = await pendingCheckout();
    const event = await paidEvent(sessionId);
    const paid = JSON.parse(event.body) as { session: Record<string, unknown> };
    const unreadable = [
      '{"id":"evt_x","type":"session.paid"}', // no session
      '[1,2]',
      'null',
      'not json at all',
      '{"type":"session.paid"}', // no id
      JSON.stringify({ ...paid, id: '' }),
      JSON.stringify({ ...paid, session: { ...paid.session, amountPence: '1000' } }),
      JSON.stringify({ ...paid, failure: 'stolen' }),
    ];
    for (const body of unreadable) {
      const res = await deliver(body, sandbox().sign(body));
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: 'This event is not one we understand.',
        errors: [{ field: 'body' }],
      });
    }
    expect(await statusOf(result.Payment.Id)).toBe('pending');
    expect(await bookings(result)).toHaveLength(0);
  });

  test('a correctly signed event of a kind we do not act on is acknowledged and changes nothing', async () => {
    const { result } = await pendingCheckout();
    const body = JSON.stringify({ id: `evt_other_${result.Payment.Id}`, type: 'session.created' });
    const res = await deliver(body, sandbox().sign(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(result.Payment.Id)).toBe('pending');
  });
});
