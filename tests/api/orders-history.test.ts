import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { extraListResponse, productListResponse } from '../../src/shared/api/catalogue';
import {
  type CustomerOrders,
  customerOrdersResponse,
  ORDER_SUMMARY_LIMIT,
  orderSummaryResponse,
  type OrderHistoryRequest,
} from '../../src/shared/api/orders';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { ORDER_STATUSES } from '../../src/shared/order-status';
import { invoicePaid } from '../../src/server/modules/invoices/service';
import { useTestApp } from '../support/app';
import { accountCalls, bearer, registerCustomer } from '../support/accounts';
import { band, checkoutCustomer, extra, invoiceFor } from '../support/checkout';
import { paidBooking } from '../support/depot';
import { products } from '../../src/server/db/schema';
import { customerOrders } from '../support/orders';

const ctx = useTestApp();
const { userByEmail } = accountCalls(ctx);

const history = (token: string | undefined, payload?: OrderHistoryRequest | string) =>
  ctx.post('/public/orders', payload, token ? bearer(token) : {});
const page = async (token: string, payload?: OrderHistoryRequest) => {
  const res = await history(token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return customerOrdersResponse.parse(res.json());
};
const summary = (token?: string) =>
  ctx.app.inject({ url: '/public/orders/summary', headers: token ? bearer(token) : {} });

const customer = async (FirstName = 'Ann') => {
  const registered = await registerCustomer(ctx, { FirstName });
  return { ...registered, id: (await userByEmail(registered.email)).id };
};

/** The field errors of a 400, as `{ field: message }`. */
function fieldErrors(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { errors: { field: string; error: string }[] };
  return Object.fromEntries(body.errors.map((e) => [e.field, e.error]));
}

describe('POST /public/orders: the order history', () => {
  test('pages the customer’s orders newest first, 20 a page, without Cancelled ones', async () => {
    const ann = await customer();
    const made = await customerOrders(
      ctx.database.db,
      ann.id,
      Array.from({ length: 26 }, (_, i) => (i === 3 ? 'Cancelled' : 'Awaiting Parcel')),
    );
    const shown = made.filter((o) => o.status !== 'Cancelled').map((o) => o.id);
    const newestFirst = [...shown].reverse();

    const first = await page(ann.token); // no body at all: the defaults
    expect(first).toMatchObject({ total: 25, page: 1, itemsPerPage: 20 });
    expect(first.Orders.map((o) => o.Id)).toEqual(newestFirst.slice(0, 20));
    const second = await page(ann.token, { options: { page: 2 } });
    expect(second.Orders.map((o) => o.Id)).toEqual(newestFirst.slice(20));
    const beyond = await page(ann.token, { options: { page: 9 } });
    expect(beyond).toMatchObject({ Orders: [], Invoices: [], total: 25, page: 9 });
    // An empty JSON body is no body.
    expect((await history(ann.token, '')).json().Orders).toHaveLength(20);

    const oldest = await page(ann.token, { options: { sortDesc: false, itemsPerPage: 5 } });
    expect(oldest.Orders.map((o) => o.Id)).toEqual(shown.slice(0, 5));
    expect(oldest.Orders[0]).toMatchObject({
      Reference: made[0].reference,
      StatusId_Name: 'Awaiting Parcel',
      RetailerName: 'John Lewis',
      Total: 12.99,
      Created: made[0].createdAt.toISOString(),
    });

    // Whatever is asked, the Cancelled order never shows (docs/requirements.md §4).
    const cancelled = made[3];
    expect((await page(ann.token, { filter: { Search: cancelled.reference } })).Orders).toEqual([]);
    expect((await page(ann.token, { options: { itemsPerPage: 100 } })).Orders).toHaveLength(25);
  });

  test('sorts by each field, the id breaking ties', async () => {
    const ann = await customer();
    const [a, b, c, d] = await customerOrders(ctx.database.db, ann.id, [
      { status: 'Shipped', retailerName: 'argos', island: 'Sark', totalPence: 3000 },
      { status: 'Quote Ready', retailerName: 'Zara', island: 'Alderney', totalPence: 1000 },
      { status: 'Awaiting Parcel', retailerName: 'Boots', island: 'Jersey', totalPence: 2000 },
      { status: 'Delivered', retailerName: 'Argos', island: 'Guernsey', totalPence: 1000 },
    ]);
    const ids = async (
      sortBy: NonNullable<OrderHistoryRequest['options']>['sortBy'],
      sortDesc = false,
    ) => (await page(ann.token, { options: { sortBy, sortDesc } })).Orders.map((o) => o.Id);

    expect(await ids('Created')).toEqual([a.id, b.id, c.id, d.id]);
    expect(await ids('Reference', true)).toEqual([d.id, c.id, b.id, a.id]);
    // Case does not matter; equal names keep the order they were made in.
    expect(await ids('RetailerName')).toEqual([a.id, d.id, c.id, b.id]);
    expect(await ids('RetailerName', true)).toEqual([b.id, c.id, d.id, a.id]);
    expect(await ids('Island')).toEqual([b.id, d.id, c.id, a.id]);
    expect(await ids('Total')).toEqual([b.id, d.id, c.id, a.id]);
    // By status: in the order of the lifecycle, not of the alphabet.
    expect(await ids('StatusId_Name')).toEqual([b.id, c.id, a.id, d.id]);
    expect(ORDER_STATUSES.indexOf('Quote Ready')).toBeLessThan(ORDER_STATUSES.indexOf('Shipped'));
  });

  test('filters by status and searches references and retailers', async () => {
    const ann = await customer();
    const bob = await customer('Bob');
    const [, johnLewis, boots, shipped, percent] = await customerOrders(ctx.database.db, ann.id, [
      { status: 'Quote Requested' },
      { status: 'Awaiting Parcel', retailerName: 'John Lewis' },
      { status: 'Awaiting Parcel', retailerName: 'Boots' },
      { status: 'Shipped', retailerName: 'Marks & Spencer' },
      { status: 'Shipped', retailerName: '100% Pure_Wool' },
    ]);
    const [bobs] = await customerOrders(ctx.database.db, bob.id, [
      { status: 'Awaiting Parcel', retailerName: 'John Lewis' },
    ]);
    const found = async (filter: OrderHistoryRequest['filter']) => {
      const res = await page(ann.token, { filter, options: { sortDesc: false } });
      expect(res.total).toBe(res.Orders.length);
      return res.Orders.map((o) => o.Id);
    };

    expect(await found({ Status: 'Shipped' })).toEqual([shipped.id, percent.id]);
    expect(await found({ Status: 'Delivered' })).toEqual([]);
    expect(await found({ Search: 'john' })).toEqual([johnLewis.id]);
    expect(await found({ Search: '  BOOTS ' })).toEqual([boots.id]);
    expect(await found({ Search: 'boots', Status: 'Shipped' })).toEqual([]);
    expect(await found({ Search: '' })).toHaveLength(5);
    // LIKE's wildcards are searched for as themselves.
    expect(await found({ Search: '%' })).toEqual([percent.id]);
    expect(await found({ Search: '_' })).toEqual([percent.id]);
    expect(await found({ Search: 'Marks &' })).toEqual([shipped.id]);
    // A whole reference, in any case: that order; part of one: every order it is part of.
    expect(await found({ Search: boots.reference.toLowerCase() })).toEqual([boots.id]);
    expect(await found({ Search: `ORD-${boots.id}` })).toEqual([boots.id]);
    expect(await found({ Search: boots.reference.slice(-3) })).toContain(boots.id);
    expect(await found({ Search: 'ORD-99999999999' })).toEqual([]);
    // Another customer's order is not found, not even by its reference.
    expect(await found({ Search: bobs.reference })).toEqual([]);
  });

  test('links each order on the page to its invoices, and no others', async () => {
    const ann = await customer();
    const [older, newer] = await customerOrders(ctx.database.db, ann.id, [
      'Received at Depot',
      'Awaiting Parcel',
    ]);
    const excess = await invoiceFor(ctx, older.id, 750, { hold: true });
    const extra = await invoiceFor(ctx, newer.id, 300);

    const both = await page(ann.token);
    expect(both.Invoices).toEqual([
      expect.objectContaining({ Id: excess.Id, OrderId: older.id, Amount: 7.5, Status: 'unpaid' }),
      expect.objectContaining({ Id: extra.Id, OrderId: newer.id, OrderReference: newer.reference }),
    ]);
    expect(both.Orders.find((o) => o.Id === older.id)?.StatusId_Name).toBe('Awaiting Payment');

    const firstPage = await page(ann.token, { options: { itemsPerPage: 1 } });
    expect(firstPage.Orders.map((o) => o.Id)).toEqual([newer.id]);
    expect(firstPage.Invoices.map((i) => i.Id)).toEqual([extra.Id]);
  });

  test('each order carries its price band, its chosen extras and its invoice, or null', async () => {
    const ann = await checkoutCustomer(ctx);
    const [signature, insurance, storage] = await Promise.all(
      ['signature', 'insurance-500', 'storage-week'].map((code) => extra(ctx, code)),
    );
    const booked = await paidBooking(ctx, ann, 'C', {
      selectedExtras: [signature.id, insurance.id],
    });
    const [quote] = await customerOrders(ctx.database.db, ann.id, ['Quote Ready']);
    const catalogue = productListResponse.parse((await ctx.post('/api/products')).json()).items;
    const extras = extraListResponse.parse(
      (await ctx.post('/api/orderextras', { options: { itemsPerPage: 100 } })).json(),
    ).items;
    const listed = (id: number) => extras.find((e) => e.Id === id);

    // Without an invoice: Invoice is null; without a band: Product null, Extras empty.
    let got = await page(ann.token);
    const bookedOf = (p: CustomerOrders) => p.Orders.find((o) => o.Id === booked.Id)!;
    expect(bookedOf(got)).toMatchObject({
      ProductId: booked.product.id,
      Product: catalogue.find((b) => b.Code === 'C'),
      selectedExtras: [signature.id, insurance.id],
      Extras: [listed(signature.id), listed(insurance.id)],
      Invoice: null,
    });
    expect(bookedOf(got).Extras.map((e) => [e.Name, e.Price])).toEqual([
      ['Signature on delivery', 2.5],
      ['Insurance cover up to £500', 4.95],
    ]);
    expect(got.Orders.find((o) => o.Id === quote.id)).toMatchObject({
      ProductId: null,
      Product: null,
      Extras: [],
      Invoice: null,
    });

    // With invoices: the oldest unpaid one, then, once it is paid, the next unpaid, then the last.
    const first = await invoiceFor(ctx, booked.Id, 750);
    const second = await invoiceFor(ctx, booked.Id, 300);
    got = await page(ann.token);
    expect(bookedOf(got).Invoice).toEqual(got.Invoices.find((i) => i.Id === first.Id));
    expect(bookedOf(got).Invoice).toMatchObject({ OrderId: booked.Id, Amount: 7.5 });
    const pay = (id: number) =>
      ctx.database.db.transaction((tx) => invoicePaid(tx, id, { type: 'system' }, 'paid'));
    await pay(first.Id);
    expect(bookedOf(await page(ann.token)).Invoice).toMatchObject({ Id: second.Id });
    await pay(second.Id);
    expect(bookedOf(await page(ann.token)).Invoice).toMatchObject({
      Id: second.Id,
      Status: 'paid',
    });

    // A band and a hidden extra added since the catalogue was read (on another node, say) are
    // still found; so are a disabled band's and a hidden extra's.
    const [newBand] = await ctx.database.db
      .insert(products)
      .values({ ...(await band(ctx, 'A')), id: undefined, code: 'Z', name: 'Brand new' })
      .returning();
    await ctx.database.db
      .update(products)
      .set({ enabled: false })
      .where(eq(products.id, newBand.id));
    const [late] = await customerOrders(ctx.database.db, ann.id, [
      { status: 'Awaiting Parcel', productId: newBand.id, extraIds: [storage.id] },
    ]);
    expect((await page(ann.token)).Orders.find((o) => o.Id === late.id)).toMatchObject({
      Product: { Id: newBand.id, Code: 'Z', Name: 'Brand new', enabled: false },
      Extras: [{ Id: storage.id, Name: 'Storage (per week)', Price: 5, Enabled: false }],
    });
  });

  test('another customer’s orders and invoices never appear', async () => {
    const ann = await customer();
    const bob = await customer('Bob');
    const [bobs] = await customerOrders(ctx.database.db, bob.id, ['Awaiting Parcel']);
    await invoiceFor(ctx, bobs.id, 500);

    const annPage = await page(ann.token, { options: { itemsPerPage: 100 } });
    expect(annPage).toMatchObject({ Orders: [], Invoices: [], total: 0 });
    const bobPage = await page(bob.token);
    expect(bobPage.Orders.map((o) => o.Id)).toEqual([bobs.id]);
    expect(bobPage.Invoices).toHaveLength(1);
  });

  test('needs a logged-in customer', async () => {
    const res = await history(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.loginRequired);
    expect((await history('not-a-live-token', {})).statusCode).toBe(401);
  });

  test('bad options and filters are a 400 naming the field', async () => {
    const { token } = await customer();
    expect(
      fieldErrors(
        await history(token, {
          options: { sortBy: 'Colour' as 'Created', itemsPerPage: 500, page: 0 },
        }),
      ),
    ).toEqual({
      'options.sortBy':
        'must be one of Created, Reference, RetailerName, Island, StatusId_Name, Total',
      'options.itemsPerPage': 'must be between 1 and 100',
      'options.page': 'must be 1 or more',
    });
    expect(
      fieldErrors(await history(token, { options: { sortDesc: 'yes' as unknown as boolean } })),
    ).toEqual({ 'options.sortDesc': 'must be true or false' });
    expect(
      fieldErrors(await history(token, { filter: { Status: 'Cancelled' as 'Paid' } })),
    ).toEqual({
      'filter.Status': `must be one of ${ORDER_STATUSES.filter((s) => s !== 'Cancelled').join(', ')}`,
    });
    expect(fieldErrors(await history(token, { filter: { Search: 'x'.repeat(101) } }))).toEqual({
      'filter.Search': 'must be at most 100 characters',
    });
    expect(
      Object.keys(fieldErrors(await history(token, { filter: { Colour: 'red' } } as never))),
    ).toEqual(['filter']);
    expect((await history(token, '{"options": ')).statusCode).toBe(400);
  });
});

describe('GET /public/orders/summary: what needs the customer now', () => {
  test('quotes to answer, invoices to pay and parcels at the depot, newest first', async () => {
    const ann = await customer();
    const bob = await customer('Bob');
    const made = await customerOrders(ctx.database.db, ann.id, [
      'Quote Requested',
      'Quote Ready',
      'Awaiting Payment', // an unpaid checkout: nothing at the depot
      'Received at Depot',
      'Received at Depot', // held for an invoice below
      'Paid',
      'Shipped',
      { status: 'Quote Ready', description: 'Sofa' },
      'Cancelled',
    ]);
    const [, quote, , received, held, paid, shipped, sofa] = made;
    const owed = await invoiceFor(ctx, held.id, 1250, { hold: true });
    const paidInvoice = await invoiceFor(ctx, shipped.id, 100);
    await ctx.database.db.transaction((tx) =>
      invoicePaid(tx, paidInvoice.Id, { type: 'system' }, 'paid by card'),
    );
    await customerOrders(ctx.database.db, bob.id, ['Quote Ready', 'Received at Depot']);

    const res = await summary(ann.token);
    expect(res.statusCode, res.body).toBe(200);
    const got = orderSummaryResponse.parse(res.json());
    expect(got.QuotesToAnswer.total).toBe(2);
    expect(got.QuotesToAnswer.items.map((o) => o.Id)).toEqual([sofa.id, quote.id]);
    expect(got.QuotesToAnswer.items[0]).toMatchObject({ ItemDescription: 'Sofa', QuotePrice: 45 });
    expect(got.InvoicesToPay).toEqual({
      total: 1,
      items: [expect.objectContaining({ Id: owed.Id, OrderId: held.id, Amount: 12.5 })],
    });
    expect(got.AtDepot.total).toBe(3);
    expect(got.AtDepot.items.map((o) => [o.Id, o.StatusId_Name])).toEqual([
      [paid.id, 'Paid'],
      [held.id, 'Awaiting Payment'],
      [received.id, 'Received at Depot'],
    ]);
  });

  test('lists a few of each, and counts them all', async () => {
    const ann = await customer();
    await customerOrders(
      ctx.database.db,
      ann.id,
      Array.from({ length: ORDER_SUMMARY_LIMIT + 2 }, () => 'Quote Ready' as const),
    );
    const got = orderSummaryResponse.parse((await summary(ann.token)).json());
    expect(got.QuotesToAnswer.items).toHaveLength(ORDER_SUMMARY_LIMIT);
    expect(got.QuotesToAnswer.total).toBe(ORDER_SUMMARY_LIMIT + 2);
    expect(got.InvoicesToPay).toEqual({ items: [], total: 0 });
    expect(got.AtDepot).toEqual({ items: [], total: 0 });
  });

  test('needs a logged-in customer', async () => {
    expect((await summary()).statusCode).toBe(401);
  });
});

describe('POST /dev/quotes/price and /dev/orders/cancel (outside production)', () => {
  test('price a quote for the customer to answer, and cancel an order out of the list', async () => {
    const ann = await customer();
    const [quote, parcel, shipped] = await customerOrders(ctx.database.db, ann.id, [
      'Quote Requested',
      'Awaiting Parcel',
      'Shipped',
    ]);
    const price = (payload: object) => ctx.post('/dev/quotes/price', payload);
    const cancel = (payload: object) => ctx.post('/dev/orders/cancel', payload);

    const priced = await price({ OrderReference: quote.reference, Amount: 45, Note: 'Two men' });
    expect(priced.statusCode, priced.body).toBe(200);
    const got = orderSummaryResponse.parse((await summary(ann.token)).json());
    expect(got.QuotesToAnswer.items).toEqual([
      expect.objectContaining({ Id: quote.id, StatusId_Name: 'Quote Ready', QuotePrice: 45 }),
    ]);
    expect((await price({ OrderReference: quote.reference, Amount: 50 })).statusCode).toBe(409);

    expect((await cancel({ OrderReference: parcel.reference })).statusCode).toBe(200);
    expect((await page(ann.token)).Orders.map((o) => o.Id)).toEqual([shipped.id, quote.id]);
    expect((await cancel({ OrderReference: shipped.reference })).statusCode).toBe(409);
    expect((await cancel({ OrderReference: 'ORD-99999999' })).statusCode).toBe(404);
  });
});
