import { isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkoutResponse, type CheckoutResult } from '../../src/shared/api/checkout';
import { DEFAULT_STORAGE_RULES } from '../../src/shared/storage';
import {
  invoices,
  payments,
  refunds,
  sandboxRefunds,
  sandboxSessions,
} from '../../src/server/db/schema';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxProvider,
} from '../../src/server/modules/payments/providers/sandbox';
import type { InjectResponse, TestContext } from './app';
import { bearer } from './accounts';
import { band, booking, checkoutCalls, checkoutCustomer, type Customer } from './checkout';
import { consolidationCalls } from './consolidation';
import { depotCalls, depotCustomer, measured, paidBooking } from './depot';
import { excessInvoice, payInvoice } from './disputes';
import { requestQuote } from './office';
import { shippedOrder } from './parcels';
import { orderAtDepot, retailerLabelPdf, returnCalls } from './returns';
import { staffMember } from './staff';

/**
 * The races over money (decision 0046): for every route marked MOVES_MONEY, how to make a state
 * where the route takes or gives money, and the one request to send ten times at once. The
 * sweep (tests/api/money-races.test.ts) sends them and compares the provider's records with ours;
 * tests/api/money-routes.test.ts fails for a marked route without its race here.
 */
type Send = () => Promise<InjectResponse>;
export type MoneyRace = (ctx: TestContext) => Promise<Send>;

/**
 * The races whose requests each do something of their own (a refund of an amount, an invoice
 * raised): ten may do ten things, as long as both sides agree and no more is given back than was
 * taken. Every other route does, asked ten times at once, what it does asked once.
 */
export const ADDITIVE = new Set([
  'POST /api/admin/orders/:Id/refund',
  'POST /api/admin/orders/:Id/invoices',
]);

const DAY = 24 * 60 * 60 * 1000;
const post = (ctx: TestContext, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const sandbox = (ctx: TestContext) => ctx.app.paymentProvider as SandboxProvider;
const sessionOf = (result: CheckoutResult) => result.Payment.CheckoutUrl!.split('/').pop()!;

/** The customer starts paying an invoice: its pending payment and page. */
async function invoicePage(ctx: TestContext, customer: Customer, invoiceId: number) {
  const res = await post(ctx, `/public/payment/additional/${invoiceId}`, customer.token);
  expect(res.statusCode, res.body).toBe(201);
  return checkoutResponse.parse(res.json());
}

/** A pending checkout of one band C booking, and its page. */
async function pendingCheckout(ctx: TestContext, customer: Customer) {
  const c = await band(ctx, 'C');
  const res = await checkoutCalls(ctx).checkout(customer, [booking(c.id)]);
  expect(res.statusCode, res.body).toBe(201);
  return checkoutResponse.parse(res.json());
}

/** A box of three band A bookings measured as a band B box (£5.90 back), by the office. */
async function measuredBox(
  ctx: TestContext,
  box?: Parameters<ReturnType<typeof consolidationCalls>['measured']>[3],
) {
  const boxes = consolidationCalls(ctx);
  const office = await staffMember(ctx, 'office');
  const ann = await checkoutCustomer(ctx);
  const ids = (await boxes.bookings(ann, ['A', 'A', 'A'])).map((o) => o.Id);
  const made = await boxes.consolidate(ann, ids);
  await boxes.measured(made.Id, ids, office.token, box);
  return { boxes, office, ann, made };
}

export const MONEY_RACES: Record<string, MoneyRace> = {
  'POST /public/orders/create': async (ctx) => {
    const ann = await checkoutCustomer(ctx);
    const c = await band(ctx, 'C');
    const key = `race-${Date.now().toString(36)}`;
    return () => checkoutCalls(ctx).checkout(ann, [booking(c.id)], {}, key);
  },
  'POST /public/orders/accept/:id': async (ctx) => {
    const ann = await checkoutCustomer(ctx);
    const office = await staffMember(ctx, 'office');
    const quote = await requestQuote(ctx, ann);
    const priced = await post(ctx, `/api/admin/quotes/${quote.Id}/price`, office.token, {
      Amount: 120,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    return () =>
      post(ctx, `/public/orders/accept/${quote.Id}`, ann.token, {
        DeliveryAddressId: ann.deliveryId,
        BillingAddressId: ann.billingId,
        TermsAccepted: true,
      });
  },
  'POST /public/payment/additional/:Id': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    return () => post(ctx, `/public/payment/additional/${invoice.Id}`, ann.token);
  },
  'POST /public/payment/webhook/:provider': async (ctx) => {
    const page = await pendingCheckout(ctx, await checkoutCustomer(ctx));
    const event = (await sandbox(ctx).pay(sessionOf(page), '4242424242424242'))!;
    return () =>
      ctx.app.inject({
        method: 'POST',
        url: '/public/payment/webhook/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: event.signature,
        },
        payload: event.body,
      });
  },
  'GET /public/payment/:Reference': async (ctx) => {
    const ann = await checkoutCustomer(ctx);
    const page = await pendingCheckout(ctx, ann);
    // Paid at the provider; its event not delivered: the customer's look settles it.
    await sandbox(ctx).pay(sessionOf(page), '4242424242424242');
    return () => checkoutCalls(ctx).payment(ann, page.Payment.Reference);
  },
  'POST /sandbox/checkout/:id': async (ctx) => {
    const page = await pendingCheckout(ctx, await checkoutCustomer(ctx));
    return () => checkoutCalls(ctx).payWithCard(page, '4242424242424242');
  },
  'POST /api/admin/orders/:Id/refund': async (ctx) => {
    const office = await staffMember(ctx, 'office');
    const order = await paidBooking(ctx, await checkoutCustomer(ctx), 'C');
    return () =>
      post(ctx, `/api/admin/orders/${order.Id}/refund`, office.token, {
        Amount: 4,
        Reason: 'Race',
      });
  },
  'POST /api/admin/orders/:Id/cancel': async (ctx) => {
    const office = await staffMember(ctx, 'office');
    const order = await paidBooking(ctx, await checkoutCustomer(ctx), 'C');
    return () =>
      post(ctx, `/api/admin/orders/${order.Id}/cancel`, office.token, { Reason: 'Race' });
  },
  'POST /api/admin/orders/:Id/invoices': async (ctx) => {
    const office = await staffMember(ctx, 'office');
    const order = await paidBooking(ctx, await checkoutCustomer(ctx), 'C');
    return () =>
      post(ctx, `/api/admin/orders/${order.Id}/invoices`, office.token, {
        Amount: 2.5,
        Reason: 'Race',
      });
  },
  'POST /api/admin/invoices/:Id/void': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const office = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    await invoicePage(ctx, ann, invoice.Id);
    return () =>
      post(ctx, `/api/admin/invoices/${invoice.Id}/void`, office.token, { Reason: 'Race' });
  },
  'POST /api/admin/cases/:Id/resolve': async (ctx) => {
    const office = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await shippedOrder(ctx, ann);
    const opened = await post(ctx, `/public/orders/missing/${order.Id}`, ann.token, {
      Description: 'The toaster was not in the box.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return () =>
      post(ctx, `/api/admin/cases/${opened.json().Id}/resolve`, office.token, { Refund: 2 });
  },
  'POST /api/admin/cases/:Id/decide': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const office = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    await payInvoice(ctx, ann, invoice.Id);
    const opened = await post(ctx, `/public/orders/dispute/${invoice.Id}`, ann.token, {
      Message: 'The parcel was 35 cm long when it left the shop.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return () =>
      post(ctx, `/api/admin/cases/${opened.json().Id}/decide`, office.token, {
        Decision: 'reduce',
        Amount: 1,
      });
  },
  'POST /public/orders/dispute/:Id': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await excessInvoice(ctx, ann, depot.token);
    await invoicePage(ctx, ann, invoice.Id);
    return () =>
      post(ctx, `/public/orders/dispute/${invoice.Id}`, ann.token, {
        Message: 'The parcel was 35 cm long when it left the shop.',
      });
  },
  'POST /public/orders/return/:Id': async (ctx) => {
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    return () => returnCalls(ctx).ask(order.Id, { BuyLabel: true, Reason: 'Race' }, ann.token);
  },
  'DELETE /public/orders/return/:Id': async (ctx) => {
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const asked = await returnCalls(ctx).ask(
      order.Id,
      { BuyLabel: true, Reason: 'Race' },
      ann.token,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    await payInvoice(ctx, ann, asked.json().Invoice.Id);
    return () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/public/orders/return/${order.Id}`,
        headers: bearer(ann.token),
      });
  },
  'POST /api/admin/depot/returns/:OrderId/returned': async (ctx) => {
    const office = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await orderAtDepot(ctx, ann);
    const asked = await returnCalls(ctx).ask(
      order.Id,
      { Label: { FileName: 'label.pdf', Data: (await retailerLabelPdf()).toString('base64') } },
      ann.token,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    return () =>
      returnCalls(ctx).returned(
        order.Id,
        { Carrier: 'Royal Mail Tracked 48', TrackingNumber: 'RM123456785GB' },
        office.token,
      );
  },
  'POST /public/consolidation/create': async (ctx) => {
    const boxes = consolidationCalls(ctx);
    const ann = await checkoutCustomer(ctx);
    const ids = (await boxes.bookings(ann, ['A', 'A'])).map((o) => o.Id);
    return () => boxes.call('POST', '/public/consolidation/create', ann.token, { OrderIds: ids });
  },
  'POST /public/consolidation/cancel/:Id': async (ctx) => {
    const boxes = consolidationCalls(ctx);
    const ann = await checkoutCustomer(ctx);
    const ids = (await boxes.bookings(ann, ['A', 'A'])).map((o) => o.Id);
    const made = await boxes.consolidate(ann, ids);
    return () => boxes.call('POST', `/public/consolidation/cancel/${made.Id}`, ann.token);
  },
  'POST /public/consolidation/leaveout/:Id': async (ctx) => {
    const boxes = consolidationCalls(ctx);
    const ann = await checkoutCustomer(ctx);
    const ids = (await boxes.bookings(ann, ['A', 'A', 'A'])).map((o) => o.Id);
    const made = await boxes.consolidate(ann, ids);
    // The third is late: the customer sends the rest without it.
    ctx.app.clock.set(new Date(Date.now() + 8 * DAY));
    return () =>
      boxes.call('POST', `/public/consolidation/leaveout/${made.Id}`, ann.token, {
        OrderId: ids[2],
      });
  },
  'POST /api/admin/depot/consignments/:Id/dispatch': async (ctx) => {
    const { boxes, office, made } = await measuredBox(ctx);
    return () => boxes.dispatch(made.Id, office.token);
  },
  'POST /api/admin/consignments/:Id/reverse': async (ctx) => {
    const { boxes, office, made } = await measuredBox(ctx);
    expect((await boxes.dispatch(made.Id, office.token)).statusCode).toBe(200);
    return () => boxes.reverse(made.Id, office.token);
  },
  'POST /api/admin/depot/parcels/:Id/abandon': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await checkoutCustomer(ctx);
    const { invoice, parcel } = await excessInvoice(ctx, ann, depot.token);
    await invoicePage(ctx, ann, invoice.Id);
    const received = new Date(parcel.Received).getTime();
    ctx.app.clock.set(new Date(received + (DEFAULT_STORAGE_RULES.abandonDays + 1) * DAY));
    return () =>
      post(ctx, `/api/admin/depot/parcels/${parcel.Id}/abandon`, depot.token, { Confirm: true });
  },
  'POST /api/admin/depot/receive': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const order = await paidBooking(ctx, await depotCustomer(ctx), 'A');
    // Larger than band A: an invoice for the excess, once.
    const body = measured({
      OrderId: order.Id,
      LengthCm: 35.1,
      WidthCm: 25,
      HeightCm: 16,
      WeightKg: 5,
    });
    return () => depotCalls(ctx).receive(body, depot.token);
  },
  'POST /api/admin/depot/parcels/:Id/match': async (ctx) => {
    const depot = await staffMember(ctx, 'depot');
    const ann = await depotCustomer(ctx);
    const parcel = await depotCalls(ctx).received(measured({ CustomerId: ann.id }), depot.token);
    // Waited long enough to be charged storage when matched.
    ctx.app.clock.set(new Date(Date.now() + (DEFAULT_STORAGE_RULES.freeDays + 3) * DAY));
    const order = await paidBooking(ctx, ann, 'C');
    return () => depotCalls(ctx).match(parcel.Parcel.Id, order.Id, depot.token);
  },
};

/**
 * The money of the whole database as a customer would count it: what the provider took (paid
 * sessions) and gave back, what we hold as paid and refunded, the payments open, the invoices
 * raised and their amounts. A route asked ten times at once must move these as it does asked
 * once.
 */
export async function moneyTotals(ctx: Pick<TestContext, 'database'>) {
  const db = ctx.database.db;
  const sum = (rows: { amountPence: number }[]) => rows.reduce((s, r) => s + r.amountPence, 0);
  const sessions = await db.select().from(sandboxSessions);
  const ours = await db.select().from(payments);
  const raised = await db.select().from(invoices);
  const given = await db.select().from(refunds);
  return {
    takenAtProvider: sum(sessions.filter((s) => s.status === 'complete')),
    givenAtProvider: sum(await db.select().from(sandboxRefunds)),
    paid: sum(ours.filter((p) => p.status === 'paid')),
    open: ours.filter((p) => p.status === 'pending').length,
    refunded: sum(given.filter((r) => r.status !== 'failed')),
    invoices: raised.filter((i) => i.status !== 'void').length,
    invoiced: sum(raised.filter((i) => i.status !== 'void')),
  };
}

/**
 * Ours and the provider's records of every payment agree (decision 0046): each payment taken at
 * the provider is paid with us and the other way round; what each was refunded is the same on
 * both sides and never more than it took; an invoice is paid at most once; nothing is left
 * pending with the provider's sandbox (it answers at once).
 */
export async function moneyAgrees(ctx: Pick<TestContext, 'database'>) {
  const db = ctx.database.db;
  const problems: string[] = [];
  const sessions = await db.select().from(sandboxSessions);
  const ours = await db.select().from(payments).where(isNotNull(payments.providerSessionId));
  for (const session of sessions) {
    const payment = ours.find((p) => p.providerSessionId === session.id);
    if (!payment) continue;
    if ((session.status === 'complete') !== (payment.status === 'paid')) {
      problems.push(
        `${payment.reference}: ${payment.status} with us, ${session.status} at the provider`,
      );
    }
  }
  const given = await db.select().from(refunds);
  const atProvider = await db.select().from(sandboxRefunds);
  for (const payment of ours.filter((p) => p.providerPaymentId)) {
    const mine = given.filter((r) => r.paymentId === payment.id && r.status !== 'failed');
    const theirs = atProvider.filter((r) => r.paymentId === payment.providerPaymentId);
    const sum = (rows: { amountPence: number }[]) => rows.reduce((s, r) => s + r.amountPence, 0);
    if (sum(mine) !== sum(theirs)) {
      problems.push(
        `${payment.reference}: refunded ${sum(mine)} with us, ${sum(theirs)} at the provider`,
      );
    }
    if (sum(theirs) > payment.amountPence)
      problems.push(`${payment.reference}: refunded beyond what it took`);
    if (mine.some((r) => r.status === 'pending'))
      problems.push(`${payment.reference}: a refund left pending`);
  }
  for (const invoice of await db.select().from(invoices)) {
    const paid = ours.filter((p) => p.invoiceId === invoice.id && p.status === 'paid');
    if (paid.length > 1) problems.push(`${invoice.reference}: paid ${paid.length} times`);
  }
  return problems;
}
