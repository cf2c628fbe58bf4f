import { useQuery } from '@tanstack/react-query';
import type { ProductList, ProductListRequest } from '../../../../shared/api/catalogue';
import { apiRequest } from '../../../lib/api-client';

const request: ProductListRequest = { options: { sortBy: 'SortOrder', itemsPerPage: 100 } };

export const productsQueryKey = ['products', request] as const;

export const getProducts = () => apiRequest<ProductList>('POST', '/api/products', request);

/** The enabled, public price bands in SortOrder (loaded at start, SPEC section 7). */
export function useProducts() {
  return useQuery({ queryKey: productsQueryKey, queryFn: getProducts, staleTime: 5 * 60_000 });
}
