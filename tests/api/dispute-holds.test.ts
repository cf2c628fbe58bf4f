import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { payments } from '../../src/server/db/schema';
import { CHECKOUT_MESSAGES } from '../../src/shared/checkout-messages';
import { customerInvoiceSchema, orderSummaryResponse } from '../../src/shared/api/orders';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { checkoutCustomer } from '../support/checkout';
import { disputeCalls, excessInvoice, payInvoice } from '../support/disputes';
import { staffMember } from '../support/staff';

// A disputed invoice is not payable while its dispute is open (decision 0038): the page that
// pays it says why instead of offering Pay, the API refuses to start its payment, a payment page
// started before the dispute is closed, and the dashboard no longer asks for it; once staff
// decide, it is payable again (at the decided amount).

const ctx = useTestApp();
const calls = disputeCalls(ctx);
afterEach(() => ctx.app.clock.set(null));

async function setup() {
  const depot = await staffMember(ctx, 'depot');
  const staff = await staffMember(ctx, 'office');
  const ann = await checkoutCustomer(ctx);
  const held = await excessInvoice(ctx, ann, depot.token);
  return { depot, staff, ann, ...held };
}

const startPayment = (invoiceId: number, customer: { token: string }) =>
  ctx.post(`/public/payment/additional/${invoiceId}`, undefined, bearer(customer.token));
const invoicePage = async (invoiceId: number, customer: { token: string }) => {
  const res = await ctx.app.inject({
    url: `/public/orders/invoices/${invoiceId}`,
    headers: bearer(customer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return customerInvoiceSchema.parse(res.json());
};
const toPay = async (customer: { token: string }) => {
  const res = await ctx.app.inject({
    url: '/public/orders/summary',
    headers: bearer(customer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderSummaryResponse.parse(res.json()).InvoicesToPay.items.map((i) => i.Id);
};

describe('a disputed invoice is not payable until staff decide', () => {
  test('the payment is refused with the reason, the dashboard stops asking; decided, it is payable', async () => {
    const { ann, invoice, staff } = await setup();
    expect(await toPay(ann)).toEqual([invoice.Id]);
    expect((await invoicePage(invoice.Id, ann)).DisputedIn).toBeNull();

    const opened = await calls.disputed(invoice.Id, ann);
    const refused = await startPayment(invoice.Id, ann);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      CHECKOUT_MESSAGES.invoiceDisputed(invoice.Reference, opened.Reference),
    );
    expect(await invoicePage(invoice.Id, ann)).toMatchObject({
      Status: 'unpaid',
      DisputedIn: opened.Reference,
    });
    expect(await toPay(ann)).toEqual([]);

    const reduced = await calls.decide(
      opened.Id,
      { Decision: 'reduce', Amount: 1.5, Message: 'Measured again: a little over.' },
      staff.token,
    );
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(await invoicePage(invoice.Id, ann)).toMatchObject({ Amount: 1.5, DisputedIn: null });
    expect(await toPay(ann)).toEqual([invoice.Id]);
    await payInvoice(ctx, ann, invoice.Id);
    expect((await invoicePage(invoice.Id, ann)).Status).toBe('paid');
  });

  test('a payment page started before the dispute is closed when it opens', async () => {
    const { ann, invoice } = await setup();
    const started = await startPayment(invoice.Id, ann);
    expect(started.statusCode, started.body).toBe(201);
    await calls.disputed(invoice.Id, ann);
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice.Id));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    expect((await startPayment(invoice.Id, ann)).statusCode).toBe(409);
  });
});
