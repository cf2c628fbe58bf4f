import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_DISPUTE_DAYS, DISPUTE_MESSAGES, DISPUTE_SETTING } from '../../src/shared/disputes';
import {
  invoices,
  mailOutbox,
  orders,
  refunds,
  sandboxRefunds,
  settings,
} from '../../src/server/db/schema';
import { OFFICE_MESSAGES } from '../../src/shared/api/office';
import { toPence } from '../../src/shared/money';
import { parcelsResponse } from '../../src/shared/api/depot';
import { useTestApp } from '../support/app';
import { waitForMail } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { depotCalls, jpeg, base64 } from '../support/depot';
import { disputeCalls, disputeMessage, excessInvoice, payInvoice } from '../support/disputes';
import { auditOf, officeCalls } from '../support/office';
import { dispatch } from '../support/parcels';
import { staffMember } from '../support/staff';

// Disputing a re-measure: an excess-carriage invoice disputed from the customer's
// order within the set days becomes a case; while it is open the invoice is not reminded and the
// parcel not dispatched; the office re-measures, then upholds, reduces or cancels it, each
// audited and e-mailed; a paid invoice reduced or cancelled is refunded once.

const ctx = useTestApp();
const calls = disputeCalls(ctx);
const office = officeCalls(ctx);
afterEach(() => ctx.app.clock.set(null));

const DAY = 24 * 60 * 60 * 1000;
const sandboxRefundedFor = async (providerPaymentId: string | null) =>
  (await ctx.database.db.select().from(sandboxRefunds))
    .filter((r) => r.paymentId === providerPaymentId)
    .reduce((s, r) => s + r.amountPence, 0);
const invoiceRow = async (id: number) =>
  (await ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const orderStatus = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0].status;
const kindsTo = async (email: string) =>
  (await ctx.database.db.select().from(mailOutbox))
    .filter((m) => m.message.to === email)
    .map((m) => m.kind);

async function setup() {
  const depot = await staffMember(ctx, 'depot');
  const staff = await staffMember(ctx, 'office');
  const ann = await checkoutCustomer(ctx);
  const held = await excessInvoice(ctx, ann, depot.token);
  return { depot, staff, ann, ...held };
}

describe('the customer disputes an excess-carriage invoice', () => {
  test('within the days: a case with the message, audited, e-mailed, on the order page', async () => {
    const { ann, order, invoice, staff } = await setup();
    const before = await office.customerOrder(order.Id, ann);
    const shown = before.Invoices.find((i) => i.Id === invoice.Id)!;
    expect(shown.CaseId).toBeNull();
    expect(new Date(shown.DisputeUntil!).getTime()).toBe(
      new Date(invoice.Created).getTime() + DEFAULT_DISPUTE_DAYS * DAY,
    );

    const opened = await calls.disputed(invoice.Id, ann);
    expect(opened).toMatchObject({
      Kind: 'dispute',
      Status: 'Open',
      Description: disputeMessage,
      Dispute: { InvoiceId: invoice.Id, InvoiceReference: invoice.Reference, Outcome: null },
    });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'dispute-opened' });
    expect(mail.text).toContain(opened.Reference);
    expect(mail.text).toContain(disputeMessage);
    expect(await auditOf(ctx, 'Invoice', invoice.Id)).toContainEqual(
      expect.objectContaining({ action: 'dispute', actorId: ann.id }),
    );

    const page = await office.customerOrder(order.Id, ann);
    expect(page.Invoices.find((i) => i.Id === invoice.Id)).toMatchObject({
      CaseId: opened.Id,
      DisputeUntil: null,
    });
    expect(page.Cases).toEqual([expect.objectContaining({ Id: opened.Id, Kind: 'dispute' })]);
    expect(page.Timeline.at(-1)).toMatchObject({ Kind: 'disputed' });
    // The office's list and case show it.
    const detail = await calls.caseDetail(opened.Id, staff.token);
    expect(detail.Case).toMatchObject({ Kind: 'dispute', OrderReference: order.Reference });
  });

  test('once; only the customer’s own; the message is checked', async () => {
    const { ann, invoice } = await setup();
    const bob = await checkoutCustomer(ctx);
    const other = await calls.dispute(invoice.Id, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(DISPUTE_MESSAGES.noSuchInvoice);

    const short = await calls.dispute(invoice.Id, ann, 'Too big');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'Message' })]);

    // Two at once: one case.
    const both = await Promise.all([
      calls.dispute(invoice.Id, ann),
      calls.dispute(invoice.Id, ann),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(DISPUTE_MESSAGES.already);
  });

  test('an invoice that is not excess carriage cannot be disputed', async () => {
    const { ann, order } = await setup();
    const staff = await staffMember(ctx, 'office');
    const raised = await ctx.post(
      `/api/admin/orders/${order.Id}/invoices`,
      { Amount: 4, Reason: 'Repacking', Hold: false },
      { authorization: `Bearer ${staff.token}` },
    );
    expect(raised.statusCode, raised.body).toBe(201);
    const res = await calls.dispute(raised.json().Id, ann);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DISPUTE_MESSAGES.notExcess);
  });
});

describe('the window of days (the setting)', () => {
  test('the last moment of the days is in; a moment later is refused, naming the date', async () => {
    const { ann, invoice } = await setup();
    const raised = new Date(invoice.Created).getTime();
    ctx.app.clock.set(new Date(raised + DEFAULT_DISPUTE_DAYS * DAY + 1000));
    const late = await calls.dispute(invoice.Id, ann);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      new RegExp(`^An invoice can be disputed within ${DEFAULT_DISPUTE_DAYS} days`),
    );
    ctx.app.clock.set(new Date(raised + DEFAULT_DISPUTE_DAYS * DAY - 60_000));
    expect((await calls.dispute(invoice.Id, ann)).statusCode).toBe(201);
  });

  test('follows the setting', async () => {
    const setting = and(
      eq(settings.category, DISPUTE_SETTING.category),
      eq(settings.name, DISPUTE_SETTING.name),
    );
    await ctx.database.db.update(settings).set({ value: '3' }).where(setting);
    try {
      const { ann, invoice, order } = await setup();
      ctx.app.clock.set(new Date(new Date(invoice.Created).getTime() + 4 * DAY));
      const page = await office.customerOrder(order.Id, ann);
      expect(page.Invoices[0].DisputeUntil).toBeNull();
      const late = await calls.dispute(invoice.Id, ann);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toContain('within 3 days');
    } finally {
      await ctx.database.db
        .update(settings)
        .set({ value: String(DEFAULT_DISPUTE_DAYS) })
        .where(setting);
    }
  });
});

describe('while disputed', () => {
  test('no reminder is sent; after the decision it may be', async () => {
    const { ann, invoice, staff } = await setup();
    const opened = await calls.disputed(invoice.Id, ann);
    const remind = await calls.remind(invoice.Id, staff.token);
    expect(remind.statusCode).toBe(409);
    expect(remind.json().message).toBe(DISPUTE_MESSAGES.disputedNoReminder(invoice.Reference));
    expect(await kindsTo(ann.email)).not.toContain('invoice-reminder');

    const upheld = await calls.decide(
      opened.Id,
      { Decision: 'uphold', Message: 'The photos show it.' },
      staff.token,
    );
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json().Case).toMatchObject({
      Status: 'Resolved',
      Dispute: { Outcome: 'upheld', Amount: 3 },
    });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'dispute-decided' });
    expect(mail.text).toContain('the invoice stands at £3.00');
    expect(await auditOf(ctx, 'Case', opened.Id)).toContainEqual(
      expect.objectContaining({ action: 'uphold', actorId: staff.user.id }),
    );
    expect((await calls.remind(invoice.Id, staff.token)).statusCode).toBe(200);
    await waitForMail(ctx, { to: ann.email, kind: 'invoice-reminder' });
  });

  test('a paid invoice’s parcel is held from dispatch until the dispute is decided', async () => {
    const { ann, invoice, order, staff, depot } = await setup();
    await payInvoice(ctx, ann, invoice.Id);
    expect(await orderStatus(order.Id)).toBe('Paid');
    const listed = async (state: string) =>
      parcelsResponse
        .parse((await depotCalls(ctx).parcels(`state=${state}`, depot.token)).json())
        .items.find((p) => p.OrderId === order.Id);
    expect(await listed('ready')).toMatchObject({ State: 'ready', Hold: null });
    const opened = await calls.disputed(invoice.Id, ann);
    // The depot's lists show it held for the dispute, not ready to leave.
    expect(await listed('ready')).toBeUndefined();
    expect(await listed('held')).toMatchObject({ State: 'held', Hold: 'dispute' });
    await expect(dispatch(ctx, order.Id)).rejects.toThrow(/held while an invoice is disputed/);
    // A case of a dispute is decided, not resolved.
    const resolve = await ctx.post(
      `/api/admin/cases/${opened.Id}/resolve`,
      { Message: 'Done' },
      { authorization: `Bearer ${staff.token}` },
    );
    expect(resolve.statusCode).toBe(409);
    expect(resolve.json().message).toBe(DISPUTE_MESSAGES.decideNotResolve);
    expect((await calls.decide(opened.Id, { Decision: 'uphold' }, staff.token)).statusCode).toBe(
      200,
    );
    expect(await listed('ready')).toMatchObject({ State: 'ready', Hold: null });
    await dispatch(ctx, order.Id);
    expect(await orderStatus(order.Id)).toBe('Shipped');
  });
});

describe('the office decides', () => {
  test('the case shows the booked band beside the measure and photos; a re-measure adds its own', async () => {
    const { ann, invoice, staff } = await setup();
    const opened = await calls.disputed(invoice.Id, ann);
    const before = await calls.caseDetail(opened.Id, staff.token);
    expect(before.Evidence).toMatchObject({
      Invoice: { Id: invoice.Id, Amount: 3 },
      Booked: { Code: 'A', Length: 350, Width: 250, Height: 160, MaxWeight: 5000 },
      PaidForCarriage: 6.95,
      Measured: { Length: 351, Width: 250, Height: 160, Weight: 5000 },
      Photos: [expect.objectContaining({ Remeasure: false })],
      Suggested: null,
    });

    const bad = await calls.remeasure(
      opened.Id,
      { WeightKg: 5, LengthCm: -1, WidthCm: 25, HeightCm: 16 },
      staff.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'LengthCm' })]);

    const again = await calls.remeasure(
      opened.Id,
      {
        WeightKg: 4.9,
        LengthCm: 35,
        WidthCm: 25,
        HeightCm: 16,
        Photos: [{ Data: base64(await jpeg(800, 600)) }],
      },
      staff.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    const after = again.json();
    expect(after.Case.Dispute.Remeasured).toMatchObject({ Length: 350, Weight: 4900 });
    expect(after.Evidence.Photos.map((p: { Remeasure: boolean }) => p.Remeasure)).toEqual([
      false,
      true,
    ]);
    expect(after.Evidence.Suggested).toMatchObject({ Amount: 0 });
    const photo = await depotCalls(ctx).get(
      `/api/admin/depot/photos/${after.Evidence.Photos[1].Id}`,
      staff.token,
    );
    expect(photo.headers['content-type']).toBe('image/jpeg');
    await waitForMail(ctx, { to: ann.email, kind: 'dispute-remeasured' });
    expect(await auditOf(ctx, 'Case', opened.Id)).toContainEqual(
      expect.objectContaining({ action: 'remeasure', actorId: staff.user.id }),
    );
  });

  test('an unpaid invoice reduced costs less to pay; cancelled, the parcel is released', async () => {
    const first = await setup();
    const one = await calls.disputed(first.invoice.Id, first.ann);
    const bad = await calls.decide(one.Id, { Decision: 'reduce', Amount: 3 }, first.staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'Amount' })]);
    const reduced = await calls.decide(
      one.Id,
      { Decision: 'reduce', Amount: 1.25 },
      first.staff.token,
    );
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(await invoiceRow(first.invoice.Id)).toMatchObject({
      status: 'unpaid',
      amountPence: 125,
    });
    expect(await orderStatus(first.order.Id)).toBe('Awaiting Payment');
    const mail = await waitForMail(ctx, { to: first.ann.email, kind: 'dispute-decided' });
    expect(mail.text).toContain('We reduced the invoice to £1.25.');
    // Decided once.
    const again = await calls.decide(one.Id, { Decision: 'cancel' }, first.staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_MESSAGES.decided);

    const second = await setup();
    const two = await calls.disputed(second.invoice.Id, second.ann);
    const cancelled = await calls.decide(two.Id, { Decision: 'cancel' }, second.staff.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await invoiceRow(second.invoice.Id)).status).toBe('void');
    expect(await orderStatus(second.order.Id)).toBe('Received at Depot');
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, second.order.Id)),
    ).toEqual([]);
  });

  test('a paid invoice reduced is refunded the difference once, even asked twice at once', async () => {
    const { ann, invoice, order, staff } = await setup();
    const admin = await staffMember(ctx, 'admin');
    await payInvoice(ctx, ann, invoice.Id);
    const opened = await calls.disputed(invoice.Id, ann);
    const answers = await Promise.all([
      calls.decide(opened.Id, { Decision: 'reduce', Amount: 1 }, staff.token),
      calls.decide(opened.Id, { Decision: 'reduce', Amount: 1 }, admin.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id));
    expect(rows.map((r) => [r.amountPence, r.status])).toEqual([[200, 'succeeded']]);
    const [payment] = await ctx.database.db.query.payments.findMany({
      where: (p, { eq: is }) => is(p.invoiceId, invoice.Id),
    });
    expect(rows[0].paymentId).toBe(payment.id);
    expect(await sandboxRefundedFor(payment.providerPaymentId)).toBe(200);
    expect(await invoiceRow(invoice.Id)).toMatchObject({ status: 'paid', amountPence: 100 });

    const page = await office.customerOrder(order.Id, ann);
    expect(page.Refunded).toBe(2);
    expect(page.Cases[0]).toMatchObject({ Dispute: { Outcome: 'reduced', Amount: 1 } });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'dispute-decided' });
    expect(mail.text).toContain('£2.00 of what you paid is refunded');
  });

  describe.each([
    ['reduced to £1.00', { Decision: 'reduce', Amount: 1 }],
    ['cancelled', { Decision: 'cancel' }],
  ] as const)('a paid invoice the office has already refunded, %s', (_, decision) => {
    test('in full: decided, nothing more given back', async () => {
      const { ann, invoice, order, staff } = await setup();
      await payInvoice(ctx, ann, invoice.Id);
      const opened = await calls.disputed(invoice.Id, ann);
      // Everything paid for the order refunded: the booking and the £3.00 invoice.
      const all = order.Payment.Amount + 3;
      expect(
        (await office.refund(order.Id, { Amount: all, Reason: 'Goodwill' }, staff.token))
          .statusCode,
      ).toBe(200);
      const res = await calls.decide(opened.Id, decision, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await ctx.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, order.Id));
      expect(rows.reduce((sum, r) => sum + r.amountPence, 0)).toBe(toPence(all));
    });

    test('in part: given back only what the decision owes beyond it', async () => {
      const { ann, invoice, order, staff } = await setup();
      await payInvoice(ctx, ann, invoice.Id);
      const opened = await calls.disputed(invoice.Id, ann);
      // The booking and £1.00 of the invoice's £3.00 refunded already.
      const some = order.Payment.Amount + 1;
      expect(
        (await office.refund(order.Id, { Amount: some, Reason: 'Goodwill' }, staff.token))
          .statusCode,
      ).toBe(200);
      const res = await calls.decide(opened.Id, decision, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      const [payment] = await ctx.database.db.query.payments.findMany({
        where: (p, { eq: is }) => is(p.invoiceId, invoice.Id),
      });
      // The invoice's payment ends with what the decision leaves to pay: £1.00, or nothing.
      const kept = decision.Decision === 'reduce' ? 100 : 0;
      expect(await sandboxRefundedFor(payment.providerPaymentId)).toBe(300 - kept);
    });
  });

  test('a paid invoice cancelled is refunded in full, once', async () => {
    const { ann, invoice, order, staff } = await setup();
    await payInvoice(ctx, ann, invoice.Id);
    const opened = await calls.disputed(invoice.Id, ann);
    const res = await calls.decide(opened.Id, { Decision: 'cancel' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Refunds).toEqual([
      expect.objectContaining({ Amount: 3, Status: 'succeeded' }),
    ]);
    expect((await invoiceRow(invoice.Id)).status).toBe('void');
    expect(await orderStatus(order.Id)).toBe('Paid');
    const again = await calls.decide(opened.Id, { Decision: 'cancel' }, staff.token);
    expect(again.statusCode).toBe(409);
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id)),
    ).toHaveLength(1);
  });

  test('a missing-items case is not decided as a dispute', async () => {
    expect(OFFICE_MESSAGES.noSuchCase).toBeTruthy();
    const staff = await staffMember(ctx, 'office');
    const res = await calls.decide(999999, { Decision: 'uphold' }, staff.token);
    expect(res.statusCode).toBe(404);
  });
});
