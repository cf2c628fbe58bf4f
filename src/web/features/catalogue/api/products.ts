import type { ProductList, ProductListRequest } from '../../../../shared/api/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { createResource } from '../../../lib/remote-resource';

const productsRequest: ProductListRequest = {
  options: { sortBy: 'SortOrder', itemsPerPage: 100 },
};

/** The enabled, public price bands in SortOrder (docs/requirements.md §7: POST /api/products). */
const getProducts = () => apiRequest<ProductList>('POST', '/api/products', productsRequest);

/** For the public pages (home): fetched once per page load, no TanStack Query on those pages. */
export const productsResource = createResource(getProducts);
