import type { ProductList, ProductListRequest } from '../../../shared/api/catalogue';
import { everyPage, PRICE_BANDS_REQUEST } from '../../../shared/catalogue-requests';
import { apiRequest } from '../api-client';
import { createResource } from '../remote-resource';

/**
 * Every enabled, public price band in SortOrder (docs/requirements.md §7: POST /api/products),
 * asked for as the requirements say, a page of 20 at a time (docs/decisions/0047).
 */
export const getProducts = () =>
  everyPage(PRICE_BANDS_REQUEST, (body: ProductListRequest) =>
    apiRequest<ProductList>('POST', '/api/products', body),
  );

/** For the public pages (home): fetched once per page load, no TanStack Query on those pages. */
export const productsResource = createResource(getProducts);
