import { useCallback } from 'react';
import type { OrderExtra, Product } from '../../../shared/api/catalogue';
import {
  resolveLocalOrder,
  type LocalOrder,
  type ResolvedOrder,
} from '../../../shared/local-order';
import { useProducts } from '../catalogue/api/get-products';
import { useExtras } from './api/get-extras';

export type BookedOrder = ResolvedOrder<Product, OrderExtra>;

/**
 * The catalogue a booking is priced from: the price bands and every extra (hidden ones too).
 * `resolve` looks a stored booking's choices up in it, for the shared pricing and label rules.
 */
export function useCatalogue() {
  const products = useProducts();
  const extras = useExtras();
  const productList = products.data?.items;
  const extraList = extras.data?.items;
  const resolve = useCallback(
    (order: LocalOrder): BookedOrder =>
      resolveLocalOrder(order, productList ?? [], extraList ?? []),
    [productList, extraList],
  );
  return {
    products: productList ?? [],
    extras: extraList ?? [],
    isPending: products.isPending || extras.isPending,
    isError: products.isError || extras.isError,
    resolve,
  };
}
