import { useCallback } from 'react';
import type { OrderExtra, Product } from '../../shared/api/catalogue';
import { resolveLocalOrder, type LocalOrder, type ResolvedOrder } from '../../shared/local-order';
import { useResource } from './remote-resource';
import { productsResource } from './api/products';
import { extrasResource } from './api/get-extras';

export type BookedOrder = ResolvedOrder<Product, OrderExtra>;

/**
 * Settles once the catalogue (price bands and extras) has answered, with data or an error: for a
 * screen's clientLoader, so the screen is first drawn priced, not as skeletons the answer then
 * pushes about (the basket, the checkout, the extras step).
 */
export const catalogueReady = () => Promise.all([productsResource.ready(), extrasResource.ready()]);

/**
 * The catalogue a booking is priced from: the price bands and every extra (hidden ones too),
 * fetched once per page load and shared by every screen and header part that asks
 * (lib/remote-resource.ts, docs/decisions/0029). `resolve` looks a stored booking's choices up in
 * it, for the shared pricing and label rules.
 */
export function useCatalogue() {
  const products = useResource(productsResource);
  const extras = useResource(extrasResource);
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
    isPending: products.status === 'pending' || extras.status === 'pending',
    isError: products.status === 'error' || extras.status === 'error',
    resolve,
  };
}
