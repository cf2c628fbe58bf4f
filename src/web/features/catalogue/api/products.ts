import type { ProductList } from '../../../../shared/api/catalogue';
import { PRICE_BANDS_REQUEST } from '../../../../shared/price-bands';
import { apiRequest } from '../../../lib/api-client';
import { createResource } from '../../../lib/remote-resource';

/** The enabled, public price bands in SortOrder (docs/requirements.md §7: POST /api/products). */
const getProducts = () => apiRequest<ProductList>('POST', '/api/products', PRICE_BANDS_REQUEST);

/** For the public pages (home): fetched once per page load, no TanStack Query on those pages. */
export const productsResource = createResource(getProducts);
