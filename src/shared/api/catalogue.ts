import { z } from 'zod';
import { CATALOGUE_OPTIONS } from '../catalogue-requests';
import { listResponse, listingOptions, optionalBody } from './listing';

/**
 * A price band as the API returns it (docs/requirements.md §3 "Product"): money in pounds, sizes in
 * mm.
 */
export const productSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Code: z.string(),
  Description: z.string(),
  Price: z.number(),
  SortOrder: z.number().int(),
  enabled: z.boolean(),
  public: z.boolean(),
  Length: z.number().int(),
  Width: z.number().int(),
  Height: z.number().int(),
  MaxWeight: z.number().int().describe('grams'),
  TTLMDProductCode: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * An order extra (docs/requirements.md §3 "Order extra"). Disabled ones are kept as hidden extras
 * by the client.
 */
export const orderExtraSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Price: z.number(),
  SortOrder: z.number().int(),
  Enabled: z.boolean(),
});
export type OrderExtra = z.infer<typeof orderExtraSchema>;

export const PRODUCT_SORT_FIELDS = ['SortOrder', 'Name', 'Code', 'Price', 'Id'] as const;
export const EXTRA_SORT_FIELDS = ['SortOrder', 'Name', 'Price', 'Id'] as const;
const productListBody = z
  .object({
    options: listingOptions(PRODUCT_SORT_FIELDS, CATALOGUE_OPTIONS),
    filter: z
      .object({ enabled: z.boolean().default(true), public: z.boolean().default(true) })
      .strict()
      .prefault({}),
  })
  .strict();
/**
 * POST /api/products; no body at all means all the defaults (docs/requirements.md §9: SortOrder
 * ascending, 20 a page, enabled and public bands).
 */
export const productListRequest = optionalBody(productListBody);
export type ProductListRequest = z.input<typeof productListBody>;

const extraListBody = z
  .object({
    options: listingOptions(EXTRA_SORT_FIELDS, CATALOGUE_OPTIONS),
    filter: z.object({ enabled: z.boolean().optional() }).strict().prefault({}),
  })
  .strict();
/** POST /api/orderextras; no body at all means all the defaults. */
export const extraListRequest = optionalBody(extraListBody);
export type ExtraListRequest = z.input<typeof extraListBody>;

export const productListResponse = listResponse(productSchema);
export const extraListResponse = listResponse(orderExtraSchema);
export type ProductList = z.infer<typeof productListResponse>;
export type ExtraList = z.infer<typeof extraListResponse>;
