import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, orderExtras } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';

const ctx = useTestApp();

describe('POST /api/products', () => {
  test('with no body lists the thirteen seeded bands A to M in SortOrder, 20 a page', async () => {
    const res = await ctx.post('/api/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(13);
    expect(body.itemsPerPage).toBe(20);
    expect(body.page).toBe(1);
    expect(body.items.map((p: { Code: string }) => p.Code).join('')).toBe('ABCDEFGHIJKLM');
    expect(body.items.map((p: { TTLMDProductCode: number }) => p.TTLMDProductCode)).toEqual(
      Array.from({ length: 13 }, (_, i) => 872 + i),
    );
    const a = body.items[0];
    expect(Object.keys(a)).toEqual(
      expect.arrayContaining([
        'Id',
        'Name',
        'Code',
        'Price',
        'SortOrder',
        'enabled',
        'public',
        'Length',
        'Width',
        'Height',
        'TTLMDProductCode',
      ]),
    );
    expect(a).toMatchObject({
      Code: 'A',
      Price: 6.95,
      Length: 350,
      Width: 250,
      Height: 160,
      enabled: true,
      public: true,
    });
  });

  test('pages and sorts as asked, with the total for paging', async () => {
    const res = await ctx.post('/api/products', {
      options: { sortBy: 'Price', sortDesc: true, itemsPerPage: 5, page: 2 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(13);
    expect(body.items.map((p: { Code: string }) => p.Code)).toEqual(['H', 'G', 'F', 'E', 'D']);
  });

  test('anonymous callers see only enabled, public bands', async () => {
    await ctx.database.db.update(products).set({ enabled: false }).where(eq(products.code, 'B'));
    await ctx.database.db.update(products).set({ public: false }).where(eq(products.code, 'C'));
    const body = (await ctx.post('/api/products', {})).json();
    expect(body.total).toBe(11);
    expect(body.items.map((p: { Code: string }) => p.Code)).not.toContain('B');
    expect(body.items.map((p: { Code: string }) => p.Code)).not.toContain('C');
    const hidden = await ctx.post('/api/products', { filter: { enabled: false } });
    expect(hidden.statusCode).toBe(403);
    await ctx.database.db.update(products).set({ enabled: true, public: true });
  });

  test.each([
    [
      { options: { sortBy: 'Colour' } },
      'options.sortBy',
      'must be one of SortOrder, Name, Code, Price, Id',
    ],
    [{ options: { itemsPerPage: 0 } }, 'options.itemsPerPage', 'must be between 1 and 100'],
    [{ options: { itemsPerPage: 101 } }, 'options.itemsPerPage', 'must be between 1 and 100'],
    [{ options: { itemsPerPage: 2.5 } }, 'options.itemsPerPage', 'must be a whole number'],
    [{ options: { page: 0 } }, 'options.page', 'must be 1 or more'],
    [{ filter: { enabled: 'yes' } }, 'filter.enabled', undefined],
    [{ options: { sortBy: 'Name', colour: 'red' } }, 'options', undefined],
  ])('a malformed body %j is a 400 naming %s', async (payload, field, message) => {
    const res = await ctx.post('/api/products', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.statusCode).toBe(400);
    const error = body.errors.find((e: { field: string }) => e.field === field);
    expect(error, JSON.stringify(body.errors)).toBeDefined();
    if (message) expect(error.error).toBe(message);
  });

  test('a body that is not JSON is a 400 that says so', async () => {
    const res = await ctx.post('/api/products', '{"options": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body', error: 'is not valid JSON' }]);
  });
});

describe('POST /api/orderextras', () => {
  test('lists every extra with its Enabled flag, enabled ones first by SortOrder', async () => {
    const res = await ctx.post('/api/orderextras', { options: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.itemsPerPage).toBe(20);
    const lithium = body.items.find((e: { Name: string }) => /lithium/i.test(e.Name));
    expect(lithium).toMatchObject({ Price: 25, Enabled: true });
    expect(body.items.some((e: { Enabled: boolean }) => !e.Enabled)).toBe(true);
    const orders = body.items.map((e: { SortOrder: number }) => e.SortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(Object.keys(lithium)).toEqual(
      expect.arrayContaining(['Id', 'Name', 'Price', 'Enabled']),
    );
  });

  test('filters on Enabled', async () => {
    const enabled = (await ctx.post('/api/orderextras', { filter: { enabled: true } })).json();
    const all = (await ctx.post('/api/orderextras', {})).json();
    const count = await ctx.database.db.$count(orderExtras, eq(orderExtras.enabled, true));
    expect(enabled.total).toBe(count);
    expect(all.total).toBeGreaterThan(enabled.total);
  });
});
