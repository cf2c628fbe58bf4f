// What the site asks the catalogue for, apart from the contract (./api/catalogue.ts) so that the
// public pages send it without loading zod.

/**
 * docs/requirements.md §7 and §9: the catalogue's listing options, SortOrder ascending, 20 a
 * page; the API's defaults for POST /api/products and POST /api/orderextras, and what the site
 * sends.
 */
export const CATALOGUE_OPTIONS = {
  sortBy: 'SortOrder',
  sortDesc: false,
  itemsPerPage: 20,
} as const;

/** POST /api/products as the site sends it: the enabled, public price bands. */
export const PRICE_BANDS_REQUEST = {
  options: CATALOGUE_OPTIONS,
  filter: { enabled: true, public: true },
} as const;

/**
 * POST /api/orderextras as the site sends it: every extra, with no filter, since the hidden ones
 * are kept and priced too (docs/requirements.md §3 "Order extra").
 */
export const EXTRAS_REQUEST = { options: CATALOGUE_OPTIONS } as const;

interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  itemsPerPage: number;
}

/**
 * Every item of a listing: the page `request` asks for (its first), then, while the answer's
 * `total` says there are more, the next pages with the same options and filter (`page` 2, 3...),
 * asked together. The site shows every band and prices every extra, so it reads them all a
 * page of 20 at a time rather than asking for a larger page (docs/decisions/0047).
 */
export async function everyPage<T, R extends { options: object }>(
  request: R,
  read: (request: R) => Promise<ListPage<T>>,
): Promise<ListPage<T>> {
  const first = await read(request);
  const pages = Math.ceil(first.total / first.itemsPerPage);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      read({ ...request, options: { ...request.options, page: i + 2 } }),
    ),
  );
  return { ...first, items: [...first.items, ...rest.flatMap((p) => p.items)] };
}
