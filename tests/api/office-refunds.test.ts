import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { OFFICE_MESSAGES } from '../../src/shared/api/office';
import { toPence } from '../../src/shared/money';
import { REFUND_MESSAGES } from '../../src/shared/refunds';
import { payments, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { RefundRefusedError } from '../../src/server/modules/payments/providers/provider';
import { useTestApp } from '../support/app';
import { waitForMail } from '../support/accounts';
import { band, booking, checkoutCalls, checkoutCustomer, invoiceFor } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { auditOf, expectStatus, officeCalls } from '../support/office';
import { receive, shippedOrder } from '../support/parcels';
import { staffMember } from '../support/staff';

// Refunds through the sandbox provider: never more than was paid, even two at once.

const ctx = useTestApp();
const office = officeCalls(ctx);
const checkout = checkoutCalls(ctx);

/** What the sandbox provider gave back on its side, in pence. */
const sandboxRefunded = async () =>
  (await ctx.database.db.select().from(sandboxRefunds)).reduce((s, r) => s + r.amountPence, 0);

describe('a partial refund', () => {
  test('is made through the provider, recorded, e-mailed and shown to the customer', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const paid = toPence(order.Payment.Amount);
    const before = await sandboxRefunded();

    const res = await office.refund(
      order.Id,
      { Amount: 2.5, Reason: 'Late by two days' },
      staff.token,
    );
    expectStatus(res, 200);
    const detail = await office.order(order.Id, staff.token);
    expect(detail.Refunds).toEqual([
      expect.objectContaining({ Amount: 2.5, Status: 'succeeded', Reason: 'Late by two days' }),
    ]);
    expect(detail.Refunds[0].Staff).toBeTruthy();
    expect(detail.Payments[0]).toMatchObject({ Refunded: 2.5, PaidForOrder: paid / 100 });
    expect(detail.Refundable).toBe((paid - 250) / 100);
    expect(detail.Events.at(-1)).toMatchObject({ Kind: 'refund', ActorType: 'staff' });
    expect(await sandboxRefunded()).toBe(before + 250);

    // The customer's page: the refund on the timeline, no staff names or reasons.
    const page = await office.customerOrder(order.Id, ann);
    expect(page.Timeline.at(-1)).toEqual({ Kind: 'refunded', At: expect.any(String), Amount: 2.5 });
    expect(page.Order.StatusId_Name).toBe('Awaiting Parcel');
    expect(page.Refunded).toBe(2.5);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'refund' });
    expect(mail.text).toContain('£2.50');
    expect(await auditOf(ctx, 'Order', order.Id)).toEqual([
      expect.objectContaining({ action: 'refund', actorId: staff.user.id }),
    ]);
  });

  test('larger than what was paid is refused, and nothing is given back', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const paid = toPence(order.Payment.Amount);
    const before = await sandboxRefunded();

    const res = await office.refund(
      order.Id,
      { Amount: paid / 100 + 0.01, Reason: 'Too much' },
      staff.token,
    );
    expectStatus(res, 409);
    expect(res.json().message).toBe(REFUND_MESSAGES.tooMuch(paid));
    expect(await sandboxRefunded()).toBe(before);

    // Refunds add up: after £1.00, the rest is the most that can be given back.
    expectStatus(
      await office.refund(order.Id, { Amount: 1, Reason: 'Goodwill' }, staff.token),
      200,
    );
    const again = await office.refund(order.Id, { Amount: paid / 100, Reason: 'All' }, staff.token);
    expectStatus(again, 409);
    expect(again.json().message).toBe(REFUND_MESSAGES.tooMuch(paid - 100));
    expectStatus(
      await office.refund(order.Id, { Amount: (paid - 100) / 100, Reason: 'Rest' }, staff.token),
      200,
    );
    expect((await office.order(order.Id, staff.token)).Actions.Refund).toBe(false);
    const none = await office.refund(order.Id, { Amount: 0.01, Reason: 'More' }, staff.token);
    expect(none.json().message).toBe(REFUND_MESSAGES.tooMuch(0));
  });

  test('two refunds at once cannot give back more than was paid', async () => {
    const staff = await staffMember(ctx, 'office');
    const admin = await staffMember(ctx, 'admin');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const paid = toPence(order.Payment.Amount);
    const sixtyPercent = Math.ceil(paid * 0.6) / 100;
    const before = await sandboxRefunded();

    const answers = await Promise.all([
      office.refund(order.Id, { Amount: sixtyPercent, Reason: 'First' }, staff.token),
      office.refund(order.Id, { Amount: sixtyPercent, Reason: 'Second' }, admin.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.Id));
    expect(rows.map((r) => [r.amountPence, r.status])).toEqual([
      [toPence(sixtyPercent), 'succeeded'],
    ]);
    expect(await sandboxRefunded()).toBe(before + toPence(sixtyPercent));
  });

  test('the sandbox gives a refund once per idempotency key and never more than it took', async () => {
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, order.Payment.Reference));
    const provider = ctx.app.paymentProvider;
    const first = await provider.refund(payment.providerPaymentId!, 100, 'key-once');
    expect(await provider.refund(payment.providerPaymentId!, 100, 'key-once')).toEqual(first);
    await expect(
      provider.refund(payment.providerPaymentId!, payment.amountPence, 'key-two'),
    ).rejects.toThrow(RefundRefusedError);
  });
});

describe('cancelling an order', () => {
  test('a paid order is cancelled and all that was paid for it refunded; the customer sees both', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    // Two bookings in one checkout: only this order's share is refunded.
    const c = await band(ctx, 'C');
    const res = await checkout.checkout(ann, [booking(c.id), booking(c.id)]);
    expectStatus(res, 201);
    const result = res.json();
    expectStatus(await checkout.payWithCard(result, '4242424242424242'), 303);
    const [first, second] = result.Orders as { Id: number; Total: number }[];
    const before = await sandboxRefunded();

    const cancelled = await office.cancel(
      first.Id,
      { Reason: 'The customer changed their mind.' },
      staff.token,
    );
    expectStatus(cancelled, 200);
    const detail = await office.order(first.Id, staff.token);
    expect(detail.Order.StatusId_Name).toBe('Cancelled');
    expect(detail.Refunds).toEqual([
      expect.objectContaining({ Amount: first.Total, Status: 'succeeded' }),
    ]);
    expect(detail.Actions).toMatchObject({ Cancel: false, Refund: false });
    expect(await sandboxRefunded()).toBe(before + toPence(first.Total));
    expect((await office.order(second.Id, staff.token)).Order.StatusId_Name).toBe(
      'Awaiting Parcel',
    );

    const page = await office.customerOrder(first.Id, ann);
    expect(page.Order.StatusId_Name).toBe('Cancelled');
    expect(page.Timeline.slice(-2).map((t) => t.Kind)).toEqual(['cancelled', 'refunded']);
    expect(page.Refunded).toBe(first.Total);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'order-cancelled' });
    expect(mail.text).toContain('The customer changed their mind.');
    expect(await auditOf(ctx, 'Order', first.Id)).toEqual([
      expect.objectContaining({ action: 'cancel', before: { Status: 'Awaiting Parcel' } }),
    ]);
  });

  test('a held order: its unpaid invoice is voided, its paid one refunded with the booking', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    await receive(ctx, order.Id);
    const extra = await invoiceFor(ctx, order.Id, 500, { reason: 'Storage' });
    const paidInvoice = await ctx.app.inject({
      method: 'POST',
      url: `/public/payment/additional/${extra.Id}`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expectStatus(paidInvoice, 201);
    expectStatus(await checkout.payWithCard(paidInvoice.json(), '4242424242424242'), 303);
    const held = await invoiceFor(ctx, order.Id, 900, { hold: true });

    expectStatus(await office.cancel(order.Id, { Reason: 'Prohibited item' }, staff.token), 200);
    const detail = await office.order(order.Id, staff.token);
    expect(detail.Order.StatusId_Name).toBe('Cancelled');
    expect(detail.Invoices.map((i) => [i.Id, i.Status])).toEqual([
      [extra.Id, 'paid'],
      [held.Id, 'void'],
    ]);
    expect(detail.Refunds.map((r) => r.Amount)).toEqual([order.Payment.Amount, 5]);
  });

  test('the lifecycle decides: a shipped order cannot be cancelled, an unpaid checkout waits', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const shipped = await shippedOrder(ctx, ann);
    const res = await office.cancel(shipped.Id, { Reason: 'Too late' }, staff.token);
    expectStatus(res, 409);
    expect(res.json().message).toBe(OFFICE_MESSAGES.notCancellable('Shipped'));
    expect((await office.order(shipped.Id, staff.token)).Actions.Cancel).toBe(false);

    const unpaid = await checkout.checkout(ann, [booking((await band(ctx, 'A')).id)]);
    expectStatus(unpaid, 201);
    const { Orders, Payment } = unpaid.json();
    const waiting = await office.cancel(Orders[0].Id, { Reason: 'Asked to' }, staff.token);
    expectStatus(waiting, 409);
    expect(waiting.json().message).toBe(OFFICE_MESSAGES.checkoutPending(Payment.Reference));
  });
});
