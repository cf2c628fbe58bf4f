import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListingOptions } from '../../../shared/api/listing';
import type { OrderExtra, Product } from '../../../shared/api/catalogue';
import {
  EXTRA_SORT_FIELDS,
  PRODUCT_SORT_FIELDS,
  productListRequest,
} from '../../../shared/api/catalogue';
import { everyPage, PRICE_BANDS_REQUEST } from '../../../shared/catalogue-requests';
import { toPounds } from '../../../shared/money';
import type { Db, Tx } from '../../db/client';
import { builtOnce, isAnyOf } from '../../db/prepared';
import { listPage } from '../../lib/paging';
import type { Uses } from '../../lib/uses';
import { orderExtras, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type ExtraRow = typeof orderExtras.$inferSelect;

export const toProduct = (p: ProductRow): Product => ({
  Id: p.id,
  Name: p.name,
  Code: p.code,
  Description: p.description,
  Price: toPounds(p.pricePence),
  SortOrder: p.sortOrder,
  enabled: p.enabled,
  public: p.public,
  Length: p.lengthMm,
  Width: p.widthMm,
  Height: p.heightMm,
  MaxWeight: p.maxWeightGrams,
  TTLMDProductCode: p.ttlmdProductCode,
});

export const toOrderExtra = (e: ExtraRow): OrderExtra => ({
  Id: e.id,
  Name: e.name,
  Description: e.description,
  Price: toPounds(e.pricePence),
  SortOrder: e.sortOrder,
  Enabled: e.enabled,
});

const productColumns: Record<(typeof PRODUCT_SORT_FIELDS)[number], AnyPgColumn> = {
  SortOrder: products.sortOrder,
  Name: products.name,
  Code: products.code,
  Price: products.pricePence,
  Id: products.id,
};
const extraColumns: Record<(typeof EXTRA_SORT_FIELDS)[number], AnyPgColumn> = {
  SortOrder: orderExtras.sortOrder,
  Name: orderExtras.name,
  Price: orderExtras.pricePence,
  Id: orderExtras.id,
};

export const listProducts = (
  db: Db,
  options: ListingOptions<(typeof PRODUCT_SORT_FIELDS)[number]>,
  filter: { enabled: boolean; public: boolean },
) =>
  listPage(
    db,
    products,
    {
      where: and(eq(products.enabled, filter.enabled), eq(products.public, filter.public)),
      sort: productColumns[options.sortBy],
      id: products.id,
      options,
    },
    toProduct,
  );

export const listExtras = (
  db: Db,
  options: ListingOptions<(typeof EXTRA_SORT_FIELDS)[number]>,
  filter: { enabled?: boolean },
) =>
  listPage(
    db,
    orderExtras,
    {
      where: filter.enabled === undefined ? undefined : eq(orderExtras.enabled, filter.enabled),
      sort: extraColumns[options.sortBy],
      id: orderExtras.id,
      options,
    },
    toOrderExtra,
  );

const PRICE_BANDS_KEY = `price-bands:${JSON.stringify(PRICE_BANDS_REQUEST)}`;

/**
 * The price bands a content page lists, as the browser asks for them (shared/catalogue-requests.ts:
 * every page of them), read through the node's cache: the server writes them into the pages it
 * sends.
 */
export async function priceBandsNow(app: Uses<'cache' | 'database'>): Promise<Product[]> {
  const page = await app.cache.get(PRICE_BANDS_KEY, () =>
    everyPage(PRICE_BANDS_REQUEST, (request) => {
      const { options, filter } = productListRequest.parse(request);
      return listProducts(app.database.db, options, filter);
    }),
  );
  return page.items;
}

/** Every price band, disabled and private ones too, in SortOrder (the office's list). */
export async function listAllProducts(db: Db) {
  const rows = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map(toProduct);
}

/** Every extra, hidden ones too, in SortOrder (the office's list). */
export async function listAllExtras(db: Db) {
  const rows = await db
    .select()
    .from(orderExtras)
    .orderBy(asc(orderExtras.sortOrder), asc(orderExtras.id));
  return rows.map(toOrderExtra);
}

/** Price bands and extras by id: what orders' ProductId and selectedExtras name. */
export interface CatalogueById {
  products: ReadonlyMap<number, Product>;
  extras: ReadonlyMap<number, OrderExtra>;
}

export interface CatalogueIds {
  products: Iterable<number>;
  extras: Iterable<number>;
}

// Built once (db/prepared.ts), the ids one array (`isAnyOf`).
const bandsOf = builtOnce((db) =>
  db.select().from(products).where(isAnyOf(products.id, 'ids')).prepare(''),
);
const extrasOf = builtOnce((db) =>
  db.select().from(orderExtras).where(isAnyOf(orderExtras.id, 'ids')).prepare(''),
);

/**
 * The price bands and extras of these ids as the database has them now, all of them in one query
 * per table (none for no ids): what takes money is priced from.
 */
export async function catalogueInDatabase(tx: Tx, ids: CatalogueIds): Promise<CatalogueById> {
  const productIds = [...new Set(ids.products)];
  const extraIds = [...new Set(ids.extras)];
  const [bands, extras] = await Promise.all([
    productIds.length ? bandsOf(tx).execute({ ids: productIds }) : [],
    extraIds.length ? extrasOf(tx).execute({ ids: extraIds }) : [],
  ]);
  return {
    products: new Map(bands.map((p) => [p.id, toProduct(p)])),
    extras: new Map(extras.map((e) => [e.id, toOrderExtra(e)])),
  };
}

/**
 * The price bands and extras of these ids, from the whole catalogue read through the node's cache
 * (cleared by this node's catalogue changes; disabled and private ones are there too, since an
 * order keeps the band and extras it was booked with): a few dozen rows read once for many pages
 * of orders, not per order. An id the cached catalogue lacks (added on another node since it was
 * read) is read from the database, all such ids in one query per table.
 */
export async function catalogueItems(
  app: Uses<'cache' | 'database'>,
  ids: CatalogueIds,
): Promise<CatalogueById> {
  const db = app.database.db;
  const cached = await app.cache.get('catalogue:by-id', async () => {
    const [bands, extras] = await Promise.all([listAllProducts(db), listAllExtras(db)]);
    return {
      products: new Map(bands.map((p) => [p.Id, p])),
      extras: new Map(extras.map((e) => [e.Id, e])),
    };
  });
  const newProducts = [...ids.products].filter((id) => !cached.products.has(id));
  const newExtras = [...ids.extras].filter((id) => !cached.extras.has(id));
  if (newProducts.length === 0 && newExtras.length === 0) return cached;
  const found = await catalogueInDatabase(db, { products: newProducts, extras: newExtras });
  return {
    products: new Map([...cached.products, ...found.products]),
    extras: new Map([...cached.extras, ...found.extras]),
  };
}
