// The storage a booked parcel runs up while it waits for its customer is charged when the wait
// ends (decision 0037): its held invoice paid, or its consolidation request no longer waiting for
// the other parcels. The charged days of its clock not invoiced yet (those of the match's storage
// invoice count) are raised as one storage invoice on the order, through the invoice flow, without
// holding the parcel; each day once, however many ends race. The clock is the app's (moved here).
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { receiveResponse, type DepotParcel } from '../../src/shared/api/depot';
import { checkoutResponse } from '../../src/shared/api/checkout';
import type { Consignment } from '../../src/shared/api/consolidation';
import { DEFAULT_STORAGE_RULES } from '../../src/shared/storage';
import { invoices, mailOutbox, orders, parcels, payments } from '../../src/server/db/schema';
import { chargeStorageAfterWait } from '../../src/server/modules/invoices/storage-charges';
import { settleSession } from '../../src/server/modules/payments/service';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { depotCalls, depotCustomer, measured, paidBooking } from '../support/depot';
import { excessInvoice, payInvoice } from '../support/disputes';
import { auditOf, expectStatus } from '../support/office';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const depot = depotCalls(ctx);
const DAY = 24 * 60 * 60 * 1000;
const { freeDays, chargePerDayPence } = DEFAULT_STORAGE_RULES;
afterEach(() => ctx.app.clock.set(null));

const at = (parcel: DepotParcel, days: number, hours = 0) => {
  const when = new Date(new Date(parcel.Received).getTime() + days * DAY + hours * 3_600_000);
  ctx.app.clock.set(when);
  return when;
};
const invoicesOf = (orderId: number) =>
  ctx.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
const storageInvoices = async (orderId: number) =>
  (await invoicesOf(orderId)).filter((i) => i.reason.startsWith('Storage:'));
const statusOf = async (orderId: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].status;
const daysInvoiced = async (parcelId: number) =>
  (await ctx.database.db.select().from(parcels).where(eq(parcels.id, parcelId)))[0]
    .storageDaysInvoiced;
const mailsOf = async (email: string, kind: string) =>
  (await ctx.database.db.select().from(mailOutbox)).filter(
    (r) => r.message.to === email && r.message.kind === kind,
  ).length;

/** Starts paying an invoice; answers the provider's session of the payment page. */
async function startPaying(customer: { token: string }, invoiceId: number) {
  const started = await ctx.post(
    `/public/payment/additional/${invoiceId}`,
    undefined,
    bearer(customer.token),
  );
  expect(started.statusCode, started.body).toBe(201);
  const payment = checkoutResponse.parse(started.json()).Payment;
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.Id));
  return {
    sessionId: row.providerSessionId!,
    status: 'paid' as const,
    amountPence: row.amountPence,
    reference: row.reference,
    providerPaymentId: `pi_${row.id}`,
    lastFailure: null,
  };
}

describe('the storage of a wait for the customer, charged when it ends', () => {
  test('matched late, then paid later: the days after the match’s invoice, not held', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const parcel = (await depot.received(measured({ CustomerId: ann.id }), staff.token)).Parcel;
    const order = await paidBooking(ctx, ann, 'C');

    // booked 3 days past the free days: the match's storage invoice, the order held for it
    at(parcel, freeDays + 3, 2);
    const matched = receiveResponse.parse(
      (await depot.match(parcel.Id, order.Id, staff.token)).json(),
    );
    expect(matched.Invoice).toMatchObject({ Amount: (3 * chargePerDayPence) / 100 });
    expect(await daysInvoiced(parcel.Id)).toBe(3);

    // paid 5 days later: the hold ends, and those 5 days are invoiced, the parcel not held again
    at(parcel, freeDays + 8, 5);
    await payInvoice(ctx, ann, matched.Invoice!.Id);
    expect(await statusOf(order.Id)).toBe('Paid');
    const raised = await storageInvoices(order.Id);
    expect(raised.map((i) => [i.amountPence, i.status])).toEqual([
      [3 * chargePerDayPence, 'paid'],
      [5 * chargePerDayPence, 'unpaid'],
    ]);
    expect(raised[1].reason).toBe(
      'Storage: 5 days at £0.50 a day while the parcel waited for you after the free days (terms 10.2).',
    );
    expect(await daysInvoiced(parcel.Id)).toBe(8);
    expect(await auditOf(ctx, 'Invoice', raised[1].id)).toContainEqual(
      expect.objectContaining({
        action: 'create',
        after: expect.objectContaining({
          Storage: expect.objectContaining({ ChargedDays: 8, AlreadyInvoiced: 3 }),
        }),
      }),
    );
    // e-mailed like any invoice: what and why, and that the parcel goes on
    expect(await mailsOf(ann.email, 'storage-invoice')).toBe(2);
    const mail = await waitForMail(
      ctx,
      (e) => e.to === ann.email && e.subject === `£2.50 of storage for ${order.Reference}`,
    );
    expect(mail.text).toContain('waited at our depot 5 more days past the free storage period');
    expect(mail.text).toContain('We are not holding the parcel for this');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/pay/${raised[1].id}`);
    // the parcel is ready to leave: off the waiting list, no clock
    const listed = await depot.parcels('state=waiting&itemsPerPage=100', staff.token);
    expect(listed.json().items.map((p: { Id: number }) => p.Id)).not.toContain(parcel.Id);

    // paying the storage invoice ends no wait: nothing more is raised (no endless loop)
    at(parcel, freeDays + 12);
    await payInvoice(ctx, ann, raised[1].id);
    expect(await storageInvoices(order.Id)).toHaveLength(2);
    expect(await statusOf(order.Id)).toBe('Paid');
  });

  test('held for excess carriage from arrival: paid after the free days, those days charged', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { order, invoice, parcel } = await excessInvoice(ctx, ann, staff.token);
    at(parcel, freeDays + 2, 3);
    await payInvoice(ctx, ann, invoice.Id);
    expect(await statusOf(order.Id)).toBe('Paid');
    expect((await storageInvoices(order.Id)).map((i) => [i.amountPence, i.status])).toEqual([
      [2 * chargePerDayPence, 'unpaid'],
    ]);
    expect(await daysInvoiced(parcel.Id)).toBe(2);
  });

  test('paid within the free days: nothing to charge', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { order, invoice, parcel } = await excessInvoice(ctx, ann, staff.token);
    at(parcel, freeDays - 1, 23);
    await payInvoice(ctx, ann, invoice.Id);
    expect(await statusOf(order.Id)).toBe('Paid');
    expect(await storageInvoices(order.Id)).toEqual([]);
  });
});

describe('each day is charged once', () => {
  test('two confirmations of the payment at once raise one storage invoice', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { order, invoice, parcel } = await excessInvoice(ctx, ann, staff.token);
    at(parcel, freeDays + 4);
    const session = await startPaying(ann, invoice.Id);
    const outcomes = await Promise.all([
      settleSession(ctx.app, session),
      settleSession(ctx.app, session),
    ]);
    expect(outcomes.sort()).toEqual(['already-paid', 'paid']);
    expect(await statusOf(order.Id)).toBe('Paid');
    expect((await storageInvoices(order.Id)).map((i) => i.amountPence)).toEqual([
      4 * chargePerDayPence,
    ]);
    expect(await mailsOf(ann.email, 'storage-invoice')).toBe(1);
  });

  test('the end run twice at once, and again later: one invoice, then only the new days', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const { order, invoice, parcel } = await excessInvoice(ctx, ann, staff.token);
    at(parcel, freeDays + 6);
    await payInvoice(ctx, ann, invoice.Id);
    expect(await daysInvoiced(parcel.Id)).toBe(6);
    const end = () =>
      ctx.database.db.transaction((tx) =>
        chargeStorageAfterWait(tx, [order.Id], { type: 'system' }, ctx.config, ctx.app.clock.now()),
      );
    // the same day: nothing new, however many run at once
    const [first, second] = await Promise.all([end(), end()]);
    expect([...first, ...second]).toEqual([]);
    // two days on, two ends at once: one invoice for those two days
    at(parcel, freeDays + 8, 1);
    const raced = (await Promise.all([end(), end()])).flat();
    expect(raced.map((i) => i.Amount)).toEqual([(2 * chargePerDayPence) / 100]);
    expect((await storageInvoices(order.Id)).map((i) => i.amountPence)).toEqual([
      6 * chargePerDayPence,
      2 * chargePerDayPence,
    ]);
    expect(await daysInvoiced(parcel.Id)).toBe(8);
  });
});

describe('a consolidation request that stops waiting', () => {
  test('the last parcel in: the ones that waited are charged their wait, the new one is not', async () => {
    const staff = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const first = await paidBooking(ctx, ann, 'A');
    const second = await paidBooking(ctx, ann, 'A');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/public/consolidation/create',
      headers: bearer(ann.token),
      payload: { OrderIds: [first.Id, second.Id] },
    });
    expectStatus(asked, 201);
    expect((asked.json() as Consignment).Status).toBe('awaiting parcels');
    const early = (
      await depot.received(
        measured({ OrderId: first.Id, LengthCm: 20, WidthCm: 20, HeightCm: 10, WeightKg: 1 }),
        staff.token,
      )
    ).Parcel;
    at(early, freeDays + 7, 2);
    const late = (
      await depot.received(
        measured({ OrderId: second.Id, LengthCm: 20, WidthCm: 20, HeightCm: 10, WeightKg: 1 }),
        staff.token,
      )
    ).Parcel;
    expect((await storageInvoices(first.Id)).map((i) => [i.amountPence, i.status])).toEqual([
      [7 * chargePerDayPence, 'unpaid'],
    ]);
    expect(await storageInvoices(second.Id)).toEqual([]);
    expect(await daysInvoiced(early.Id)).toBe(7);
    expect(await daysInvoiced(late.Id)).toBe(0);
    // not held: both go on in their box
    expect(await statusOf(first.Id)).toBe('Received at Depot');
  });
});
