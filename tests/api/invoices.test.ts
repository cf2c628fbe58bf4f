import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CHECKOUT_MESSAGES, checkoutResponse } from '../../src/shared/api/checkout';
import { customerOrdersResponse, invoiceSchema } from '../../src/shared/api/orders';
import { invoices, orders, payments } from '../../src/server/db/schema';
import { transitionOrders } from '../../src/server/modules/orders/lifecycle';
import { useTestApp } from '../support/app';
import { bearer, waitForMail } from '../support/accounts';
import {
  band,
  booking,
  checkoutCalls,
  checkoutCustomer,
  invoiceFor,
  type Customer,
} from '../support/checkout';

const ctx = useTestApp();
/** The payments started for an invoice, whoever started them. */
const paymentsFor = (invoiceId: number) =>
  ctx.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const calls = checkoutCalls(ctx);

/** A paid order whose parcel reached the depot, held for an invoice of £7.50. */
async function heldOrder(customer: Customer) {
  const c = await band(ctx, 'C');
  const result = checkoutResponse.parse((await calls.checkout(customer, [booking(c.id)])).json());
  await calls.payWithCard(result, '4242424242424242');
  const orderId = result.Orders[0].Id;
  await transitionOrders(ctx.database.db, [orderId], 'Awaiting Parcel', 'Received at Depot', {
    type: 'system',
  });
  const invoice = await invoiceFor(ctx, orderId, 750, { hold: true });
  return { orderId, invoice };
}

const getInvoice = (id: number | string, token?: string) =>
  ctx.app.inject({
    url: `/public/orders/invoices/${id}`,
    headers: token ? bearer(token) : {},
  });
const payInvoice = (id: number | string, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/public/payment/additional/${id}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /public/orders/invoices/{id}', () => {
  test("answers the customer's own invoice only", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const { orderId, invoice } = await heldOrder(ann);
    const own = await getInvoice(invoice.Id, ann.token);
    expect(own.statusCode).toBe(200);
    expect(invoiceSchema.parse(own.json())).toMatchObject({
      Reference: expect.stringMatching(/^INV-\d{6}$/),
      OrderId: orderId,
      Amount: 7.5,
      Status: 'unpaid',
    });
    const other = await getInvoice(invoice.Id, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CHECKOUT_MESSAGES.invoiceNotFound);
    expect((await getInvoice(invoice.Id)).statusCode).toBe(401);
    expect((await getInvoice('abc', ann.token)).statusCode).toBe(400);
    // The order list links it to its order (docs/requirements.md §7: Invoices with OrderId).
    const list = customerOrdersResponse.parse(
      (await ctx.post('/public/orders', undefined, bearer(ann.token))).json(),
    );
    expect(list.Invoices).toEqual([expect.objectContaining({ Id: invoice.Id, OrderId: orderId })]);
    expect(list.Orders.find((o) => o.Id === orderId)?.StatusId_Name).toBe('Awaiting Payment');
  });
});

describe('POST /public/payment/additional/{Id}', () => {
  test('pays an invoice through the provider and releases the held parcel', async () => {
    const ann = await checkoutCustomer(ctx);
    const { orderId, invoice } = await heldOrder(ann);
    const started = await payInvoice(invoice.Id, ann.token);
    expect(started.statusCode, started.body).toBe(201);
    const result = checkoutResponse.parse(started.json());
    expect(result.Payment).toMatchObject({
      Kind: 'invoice',
      Status: 'pending',
      Amount: 7.5,
      InvoiceId: invoice.Id,
    });
    expect(result.Orders.map((o) => o.Id)).toEqual([orderId]);
    // Asking again answers the same payment.
    const again = await payInvoice(invoice.Id, ann.token);
    expect(again.statusCode).toBe(200);
    expect(checkoutResponse.parse(again.json()).Payment.Id).toBe(result.Payment.Id);

    const paid = await calls.payWithCard(result, '4242424242424242');
    expect(paid.headers.location).toBe(`/payment/success/?ref=${result.Payment.Reference}`);
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.Id));
    expect(row.status).toBe('paid');
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe('Paid');
    const receipt = await waitForMail(
      ctx,
      (e) => e.to === ann.email && e.subject.includes(result.Payment.Reference),
    );
    expect(receipt.text).toContain('Total paid: £7.50');

    const twice = await payInvoice(invoice.Id, ann.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CHECKOUT_MESSAGES.invoiceNotPayable);
  });

  test("another customer's invoice is not found, and starts nothing", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const { invoice } = await heldOrder(ann);
    const res = await payInvoice(invoice.Id, bob.token);
    expect(res.statusCode).toBe(404);
    expect((await payInvoice(invoice.Id)).statusCode).toBe(401);
    expect((await payInvoice(0, ann.token)).statusCode).toBe(400);
    expect(await paymentsFor(invoice.Id)).toEqual([]);
  });

  test('two requests at once start one payment', async () => {
    const ann = await checkoutCustomer(ctx);
    const { invoice } = await heldOrder(ann);
    const answers = await Promise.all([
      payInvoice(invoice.Id, ann.token),
      payInvoice(invoice.Id, ann.token),
    ]);
    const ids = answers.map((a) => checkoutResponse.parse(a.json()).Payment.Id);
    expect(ids[0]).toBe(ids[1]);
    expect((await paymentsFor(invoice.Id)).map((p) => p.id)).toEqual([ids[0]]);
  });
});

describe('POST /dev/invoices (outside production)', () => {
  test('raises an invoice on an order by its reference, for demos and browser tests', async () => {
    const ann = await checkoutCustomer(ctx);
    const c = await band(ctx, 'C');
    const result = checkoutResponse.parse((await calls.checkout(ann, [booking(c.id)])).json());
    const res = await ctx.post('/dev/invoices', {
      OrderReference: result.Orders[0].Reference,
      Amount: 12.5,
      Reason: 'Excess carriage',
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = invoiceSchema.parse(res.json());
    expect(invoice).toMatchObject({ OrderId: result.Orders[0].Id, Amount: 12.5, Status: 'unpaid' });
    expect((await getInvoice(invoice.Id, ann.token)).statusCode).toBe(200);
    const unknown = await ctx.post('/dev/invoices', {
      OrderReference: 'ORD-999999',
      Amount: 1,
      Reason: 'Nothing',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
