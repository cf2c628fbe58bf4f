import { useQuery } from '@tanstack/react-query';
import { getProducts, productsRequest } from './products';

export { getProducts };

export const productsQueryKey = ['products', productsRequest] as const;

/** The enabled, public price bands in SortOrder, for the app screens (loaded at start, SPEC 7). */
export function useProducts() {
  return useQuery({ queryKey: productsQueryKey, queryFn: getProducts, staleTime: 5 * 60_000 });
}
