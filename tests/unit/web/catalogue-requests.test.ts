import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubBrowserWindow } from '../../support/browser-window';

const { stub } = stubBrowserWindow();
const { getProducts } = await import('../../../src/web/lib/api/products');
const { getExtras } = await import('../../../src/web/lib/api/get-extras');

// The catalogue calls as docs/requirements.md §7 states them, written out here, not imported.
const PRODUCTS_CALL = {
  options: { sortBy: 'SortOrder', sortDesc: false, itemsPerPage: 20 },
  filter: { enabled: true, public: true },
};
const EXTRAS_CALL = { options: { sortBy: 'SortOrder', sortDesc: false, itemsPerPage: 20 } };

/** A server holding `count` items, answering each page asked for; records what was sent. */
function catalogueOf(count: number) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { options: { page?: number } };
      sent.push({ url, method: init.method!, body });
      const page = body.options.page ?? 1;
      const ids = Array.from({ length: count }, (_, i) => i + 1).slice((page - 1) * 20, page * 20);
      const answer = { items: ids.map((Id) => ({ Id })), total: count, page, itemsPerPage: 20 };
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  stub();
});

describe('the catalogue as the site asks for it', () => {
  test('the price bands: the requirements’ options and filter, one call for 20 or fewer', async () => {
    const sent = catalogueOf(13);
    const bands = await getProducts();
    expect(sent).toEqual([
      { url: expect.stringMatching(/\/api\/products$/), method: 'POST', body: PRODUCTS_CALL },
    ]);
    expect(bands.items).toHaveLength(13);
  });

  test('the extras: the requirements’ options, no filter (hidden extras are read too)', async () => {
    const sent = catalogueOf(8);
    const extras = await getExtras();
    expect(sent).toEqual([
      { url: expect.stringMatching(/\/api\/orderextras$/), method: 'POST', body: EXTRAS_CALL },
    ]);
    expect(extras.items).toHaveLength(8);
  });

  test('more than a page: the next pages with the same options and filter, every item in order', async () => {
    const sent = catalogueOf(45);
    const bands = await getProducts();
    expect(sent.map((s) => s.body)).toEqual([
      PRODUCTS_CALL,
      { ...PRODUCTS_CALL, options: { ...PRODUCTS_CALL.options, page: 2 } },
      { ...PRODUCTS_CALL, options: { ...PRODUCTS_CALL.options, page: 3 } },
    ]);
    expect(bands.items.map((b) => b.Id)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(bands.total).toBe(45);
  });
});
