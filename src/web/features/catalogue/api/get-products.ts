import { useQuery } from '@tanstack/react-query';
import { getProducts, productsRequest, productsResource } from './products';

export { getProducts };

export const productsQueryKey = ['products', productsRequest] as const;

/**
 * The enabled, public price bands in SortOrder, for the app screens (loaded at start, SPEC 7).
 * They start from the bands the public pages and the size step fetched in this page load, if any.
 */
export function useProducts() {
  return useQuery({
    queryKey: productsQueryKey,
    queryFn: getProducts,
    staleTime: 5 * 60_000,
    initialData: () => productsResource.getSnapshot().data,
  });
}
