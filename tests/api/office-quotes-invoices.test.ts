import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  OFFICE_MESSAGES,
  officeQuoteSchema,
  officeQuotesResponse,
} from '../../src/shared/api/office';
import { officeInvoiceSchema, officeInvoicesResponse } from '../../src/shared/api/office-invoices';
import { QUOTE_MESSAGES } from '../../src/shared/api/quotes';
import { orders, payments } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import { checkoutCalls, checkoutCustomer, invoiceFor } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { auditOf, expectStatus, officeCalls, requestQuote } from '../support/office';
import { receive } from '../support/parcels';
import { staffMember } from '../support/staff';

const ctx = useTestApp();
const office = officeCalls(ctx);

const list = async (url: string, token: string) => {
  const res = await office.get(url, token);
  expectStatus(res, 200);
  return res.json();
};

describe('quotes', () => {
  test('the office prices a waiting quote; the customer is e-mailed the link to it', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const quote = await requestQuote(ctx, ann);
    const waiting = officeQuotesResponse.parse(
      await list('/api/admin/quotes?state=waiting&itemsPerPage=100', staff.token),
    );
    expect(waiting.items.map((q) => q.Id)).toContain(quote.Id);
    expect(waiting.items.find((q) => q.Id === quote.Id)).toMatchObject({
      ItemDescription: 'Three-seat sofa, boxed',
      Customer: expect.objectContaining({ Email: ann.email }),
      QuotePrice: null,
    });

    const res = await office.post(
      `/api/admin/quotes/${quote.Id}/price`,
      { Amount: 145.5, Note: 'Two-person delivery included.' },
      staff.token,
    );
    expectStatus(res, 200);
    expect(officeQuoteSchema.parse(res.json())).toMatchObject({
      Status: 'Quote Ready',
      QuotePrice: 145.5,
      QuoteNote: 'Two-person delivery included.',
    });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'quote-ready' });
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/quote/${quote.Id}`);
    expect(mail.text).toContain('£145.50');
    const priced = officeQuotesResponse.parse(
      await list('/api/admin/quotes?state=priced&itemsPerPage=100', staff.token),
    );
    expect(priced.items.map((q) => q.Id)).toContain(quote.Id);
    expect(await auditOf(ctx, 'Quote', quote.Id)).toEqual([
      expect.objectContaining({ action: 'price', actorId: staff.user.id }),
    ]);

    // Priced once only; the customer's decline moves it to the declined list.
    const twice = await office.post(
      `/api/admin/quotes/${quote.Id}/price`,
      { Amount: 99 },
      staff.token,
    );
    expectStatus(twice, 409);
    expect(twice.json().message).toBe(QUOTE_MESSAGES.notPriceable('Quote Ready'));
    expectStatus(
      await ctx.post(`/public/orders/decline/${quote.Id}`, undefined, bearer(ann.token)),
      200,
    );
    const declined = officeQuotesResponse.parse(
      await list('/api/admin/quotes?state=declined&itemsPerPage=100', staff.token),
    );
    expect(declined.items.map((q) => q.Id)).toContain(quote.Id);
  });

  test('a quote left unanswered for two weeks is in the expired list', async () => {
    const staff = await staffMember(ctx, 'office');
    const quote = await requestQuote(ctx, await checkoutCustomer(ctx));
    expectStatus(
      await office.post(`/api/admin/quotes/${quote.Id}/price`, { Amount: 80 }, staff.token),
      200,
    );
    await ctx.database.db
      .update(orders)
      .set({ quotedAt: new Date(Date.now() - 15 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, quote.Id));
    const ids = async (state: string) =>
      officeQuotesResponse
        .parse(await list(`/api/admin/quotes?state=${state}&itemsPerPage=100`, staff.token))
        .items.map((q) => q.Id);
    expect(await ids('expired')).toContain(quote.Id);
    expect(await ids('priced')).not.toContain(quote.Id);
  });
});

describe('invoices', () => {
  test('voiding the only invoice of a held parcel releases it for dispatch', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    await receive(ctx, order.Id);
    const invoice = await invoiceFor(ctx, order.Id, 900, { hold: true });
    // The customer had opened its payment page: it is closed, so it cannot be paid once void.
    const started = await ctx.post(
      `/public/payment/additional/${invoice.Id}`,
      undefined,
      bearer(ann.token),
    );
    expectStatus(started, 201);

    const unpaid = officeInvoicesResponse.parse(
      await list('/api/admin/invoices?status=unpaid&itemsPerPage=100', staff.token),
    );
    expect(unpaid.items.find((i) => i.Id === invoice.Id)).toMatchObject({
      OrderStatus: 'Awaiting Payment',
      Customer: expect.objectContaining({ Email: ann.email }),
    });

    const res = await office.post(
      `/api/admin/invoices/${invoice.Id}/void`,
      { Reason: 'Measured wrongly' },
      staff.token,
    );
    expectStatus(res, 200);
    expect(officeInvoiceSchema.parse(res.json())).toMatchObject({
      Status: 'void',
      OrderStatus: 'Received at Depot',
    });
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, started.json().Payment.Reference));
    expect(payment.status).toBe('cancelled');
    const page = await office.customerOrder(order.Id, ann);
    expect(page.Timeline.slice(-2).map((t) => t.Kind)).toEqual(['held', 'released']);
    expect(page.Invoices[0].Status).toBe('void');
    await waitForMail(ctx, { to: ann.email, kind: 'invoice-void' });
    expect(await auditOf(ctx, 'Invoice', invoice.Id)).toEqual([
      expect.objectContaining({
        action: 'void',
        after: expect.objectContaining({ Released: true }),
      }),
    ]);
    const again = await office.post(
      `/api/admin/invoices/${invoice.Id}/void`,
      { Reason: 'Again' },
      staff.token,
    );
    expectStatus(again, 409);
    expect(again.json().message).toBe(OFFICE_MESSAGES.notUnpaid('void'));
    const voided = officeInvoicesResponse.parse(
      await list('/api/admin/invoices?status=void&itemsPerPage=100', staff.token),
    );
    expect(voided.items.map((i) => i.Id)).toContain(invoice.Id);
  });

  test('a held parcel with another unpaid invoice stays held', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    await receive(ctx, order.Id);
    const first = await invoiceFor(ctx, order.Id, 900, { hold: true });
    await invoiceFor(ctx, order.Id, 300);
    expectStatus(
      await office.post(
        `/api/admin/invoices/${first.Id}/void`,
        { Reason: 'Duplicate' },
        staff.token,
      ),
      200,
    );
    expect((await office.order(order.Id, staff.token)).Order.StatusId_Name).toBe(
      'Awaiting Payment',
    );
  });

  test('a reminder e-mails the link to pay; a paid invoice is not reminded', async () => {
    const staff = await staffMember(ctx, 'office');
    const ann = await checkoutCustomer(ctx);
    const order = await paidBooking(ctx, ann);
    const invoice = await invoiceFor(ctx, order.Id, 450, { reason: 'Return to sender' });
    const res = await office.post(
      `/api/admin/invoices/${invoice.Id}/remind`,
      undefined,
      staff.token,
    );
    expectStatus(res, 200);
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'invoice-reminder' });
    expect(mail.subject).toContain(invoice.Reference);
    expect(mail.text).toContain('£4.50');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/pay/${invoice.Id}`);
    expect(await auditOf(ctx, 'Invoice', invoice.Id)).toEqual([
      expect.objectContaining({ action: 'remind', actorId: staff.user.id }),
    ]);
    const started = await ctx.post(
      `/public/payment/additional/${invoice.Id}`,
      undefined,
      bearer(ann.token),
    );
    expectStatus(await checkoutCalls(ctx).payWithCard(started.json(), '4242424242424242'), 303);
    const paid = await office.post(
      `/api/admin/invoices/${invoice.Id}/remind`,
      undefined,
      staff.token,
    );
    expectStatus(paid, 409);
    expect(paid.json().message).toBe(OFFICE_MESSAGES.notUnpaid('paid'));
  });
});
