import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  customerOrdersResponse,
  customerOrderSchema,
  type QuoteRequest,
} from '../../src/shared/api/orders';
import { AUTH_MESSAGES } from '../../src/shared/api/auth';
import { orders } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer, registerCustomer } from '../support/accounts';

const ctx = useTestApp();

/** A sofa section larger than band M (2000 × 1200 × 1000 mm). */
const sofa: QuoteRequest = {
  size: { length: 2300, width: 1000, height: 900 },
  Weight: 85_000,
  ItemDescription: 'Three-seat sofa, boxed',
  ItemValue: 899.5,
  Island: 'Guernsey',
  Notes: 'Ground floor, wide door.',
};

const createQuote = (payload: unknown, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/public/orders/createquote',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const listOrders = (token?: string) =>
  ctx.app.inject({ method: 'POST', url: '/public/orders', headers: token ? bearer(token) : {} });

describe('POST /public/orders/createquote', () => {
  test('needs a logged-in customer', async () => {
    const res = await createQuote(sofa);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.loginRequired });
    const unknown = await createQuote(sofa, 'not-a-session-token');
    expect(unknown.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(orders)).toEqual([]);
  });

  test('stores the quote request for the customer, awaiting a price', async () => {
    const { token } = await registerCustomer(ctx);
    const res = await createQuote(sofa, token);
    expect(res.statusCode).toBe(201);
    const quote = customerOrderSchema.parse(res.json());
    expect(quote).toMatchObject({
      Reference: `ORD-${String(quote.Id).padStart(6, '0')}`,
      StatusId_Name: 'Quote Requested',
      ProductId: null,
      BespokePrice: null,
      QuotePrice: null,
      size: sofa.size,
      Weight: 85_000,
      ItemDescription: 'Three-seat sofa, boxed',
      ItemValue: 899.5,
      ItemCount: 1,
      Island: 'Guernsey',
      Notes: 'Ground floor, wide door.',
      selectedExtras: [],
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, quote.Id));
    expect(row).toMatchObject({
      itemValuePence: 89_950,
      status: 'Quote Requested',
      lengthMm: 2300,
    });
  });

  test('refuses an invalid request with 400 naming each field', async () => {
    const { token } = await registerCustomer(ctx);
    const res = await createQuote(
      {
        size: { length: 0, width: 1000.5, height: 900 },
        Weight: 'heavy',
        ItemDescription: '',
        ItemValue: 0,
        Island: 'Atlantis',
      },
      token,
    );
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: { field: string; error: string }[] }).errors;
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.error]));
    expect(byField).toMatchObject({
      'size.length': 'must be between 1 and 10000 millimetres',
      'size.width': 'must be a whole number of millimetres',
      Weight: 'must be a whole number of grams',
      ItemDescription: 'This field is required',
      ItemValue: 'Item value must be greater than zero',
      Island: 'Please choose an option from the list',
    });
  });

  test('refuses unknown fields and prices set by the browser', async () => {
    const { token } = await registerCustomer(ctx);
    const res = await createQuote({ ...sofa, QuotePrice: 1 }, token);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('QuotePrice');
  });
});

describe('POST /public/orders', () => {
  test('a customer sees only their own quotes', async () => {
    const ann = await registerCustomer(ctx);
    const bob = await registerCustomer(ctx, { FirstName: 'Bob' });
    const annQuote = customerOrderSchema.parse((await createQuote(sofa, ann.token)).json());
    const bobQuote = customerOrderSchema.parse(
      (await createQuote({ ...sofa, ItemDescription: 'Wardrobe' }, bob.token)).json(),
    );

    const annList = customerOrdersResponse.parse((await listOrders(ann.token)).json());
    expect(annList.Orders.map((o) => o.Id)).toEqual([annQuote.Id]);
    expect(annList.Invoices).toEqual([]);
    const bobList = customerOrdersResponse.parse((await listOrders(bob.token)).json());
    expect(bobList.Orders.map((o) => o.Reference)).toEqual([bobQuote.Reference]);
  });

  test('needs a logged-in customer', async () => {
    expect((await listOrders()).statusCode).toBe(401);
  });
});
