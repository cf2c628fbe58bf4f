// A payment page opened before its invoice was voided (decision 0046): the invoice voided by an
// abandonment or by a consolidation's reversal, the customer still on the page. The page no
// longer takes the card; and money the provider took all the same (the customer paid in the
// moment between) is recorded and refunded automatically, once, however often the event comes.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { checkoutResponse, type CheckoutResult } from '../../src/shared/api/checkout';
import { DEFAULT_STORAGE_RULES } from '../../src/shared/storage';
import { invoices, orderEvents, payments, sandboxSessions } from '../../src/server/db/schema';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxProvider,
} from '../../src/server/modules/payments/providers/sandbox';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { checkoutCalls, checkoutCustomer, type Customer } from '../support/checkout';
import { consolidationCalls } from '../support/consolidation';
import { excessInvoice } from '../support/disputes';
import { atOnce, orderRefundsBothSides } from '../support/money';
import { expectStatus } from '../support/office';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const calls = checkoutCalls(ctx);
const boxes = consolidationCalls(ctx);
const sandbox = () => ctx.app.paymentProvider as SandboxProvider;
const DAY = 24 * 60 * 60 * 1000;
afterEach(() => ctx.app.clock.set(null));

/** The customer opens the invoice's payment page (and leaves it open). */
async function openPaymentPage(customer: Customer, invoiceId: number) {
  const started = await ctx.post(
    `/public/payment/additional/${invoiceId}`,
    undefined,
    bearer(customer.token),
  );
  expectStatus(started, 201);
  return checkoutResponse.parse(started.json());
}

const sessionOf = (page: CheckoutResult) => page.Payment.CheckoutUrl!.split('/').pop()!;
const invoiceStatus = async (id: number) =>
  (await ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0].status;
const sessionStatus = async (page: CheckoutResult) =>
  (
    await ctx.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, sessionOf(page)))
  )[0].status;

/** An excess invoice of £3.00 whose parcel is then treated as abandoned (the invoice voided). */
async function abandonedWithPageOpen() {
  const depot = await staffMember(ctx, 'depot');
  const ann = await checkoutCustomer(ctx);
  const { order, invoice, parcel } = await excessInvoice(ctx, ann, depot.token);
  const page = await openPaymentPage(ann, invoice.Id);
  const when = new Date(
    new Date(parcel.Received).getTime() + (DEFAULT_STORAGE_RULES.abandonDays + 1) * DAY,
  );
  ctx.app.clock.set(when);
  expectStatus(
    await ctx.post(
      `/api/admin/depot/parcels/${parcel.Id}/abandon`,
      { Confirm: true },
      bearer(depot.token),
    ),
    200,
  );
  ctx.app.clock.set(null);
  expect(await invoiceStatus(invoice.Id)).toBe('void');
  return { ann, order, invoice, page };
}

/** A consolidation invoiced £1.10 for a bigger box, its invoice voided by the office's reversal. */
async function reversedWithPageOpen() {
  const depot = await staffMember(ctx, 'depot');
  const office = await staffMember(ctx, 'office');
  const ann = await checkoutCustomer(ctx);
  const ids = (await boxes.bookings(ann, ['A', 'A', 'A'])).map((o) => o.Id);
  const made = await boxes.consolidate(ann, ids);
  await boxes.measured(made.Id, ids, depot.token, {
    WeightKg: 18,
    LengthCm: 60,
    WidthCm: 40,
    HeightCm: 40,
  });
  const sent = await boxes.dispatch(made.Id, depot.token);
  expectStatus(sent, 200);
  const invoice = sent.json().Invoice as { Id: number; Amount: number };
  const page = await openPaymentPage(ann, invoice.Id);
  expectStatus(await boxes.reverse(made.Id, office.token), 200);
  expect(await invoiceStatus(invoice.Id)).toBe('void');
  const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.Id));
  return { ann, order: { Id: row.orderId }, invoice, page };
}

describe.each([
  ['an abandonment', abandonedWithPageOpen, 300],
  ['a consolidation’s reversal', reversedWithPageOpen, 110],
])('an invoice voided by %s while its payment page is open', (_, voided, pence) => {
  test('the page no longer takes the card: nothing is taken, the invoice stays void', async () => {
    const { order, invoice, page } = await voided();
    const paid = await calls.payWithCard(page, '4242424242424242');
    expect(paid.statusCode).toBe(410);
    expect(paid.body).toContain('Nothing was taken.');
    expect(await sessionStatus(page)).not.toBe('complete');
    expect(await invoiceStatus(invoice.Id)).toBe('void');
    expect(await orderRefundsBothSides(ctx, order.Id)).toEqual({ ours: [], provider: [] });
  });

  test('money the provider took all the same is recorded and refunded once, however often the event comes', async () => {
    const { order, invoice, page } = await voided();
    // The customer paid in the moment before the page was closed: the provider took the money.
    await ctx.database.db
      .update(sandboxSessions)
      .set({ status: 'open' })
      .where(eq(sandboxSessions.id, sessionOf(page)));
    const event = (await sandbox().pay(sessionOf(page), '4242424242424242'))!;
    const answers = await atOnce(10, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/public/payment/webhook/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: event.signature,
        },
        payload: event.body,
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, page.Payment.Id));
    expect(payment.status).toBe('paid');
    expect(await invoiceStatus(invoice.Id)).toBe('void');
    expect(await orderRefundsBothSides(ctx, order.Id)).toEqual({
      ours: [pence],
      provider: [pence],
    });
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.Id));
    expect(
      events.filter((e) => (e.data as { kind?: string } | null)?.kind === 'refund'),
    ).toHaveLength(1);
  });
});
