import { sumPence, toPence } from './money';

// Pricing of docs/requirements.md §9, in integer pence. The inputs are the API's shapes (money in
// pounds), described structurally so that any order-like object fits.

/** What pricing reads of an order. */
export interface PricedOrder {
  Product?: { Price: number } | null;
  BespokePrice?: number | null;
  QuotePrice?: number | null;
  Extras?: readonly { Price: number }[] | null;
}

/** A price counts as set when present and not zero (an unset price is often stored as 0). */
function isSet(pounds: number | null | undefined): pounds is number {
  return pounds !== undefined && pounds !== null && pounds !== 0;
}

/**
 * The base price of an order in pence: the product's Price when a product is set, otherwise the
 * BespokePrice, otherwise the QuotePrice, otherwise 0.
 */
export function basePricePence(order: PricedOrder): number {
  if (order.Product) return toPence(order.Product.Price);
  if (isSet(order.BespokePrice)) return toPence(order.BespokePrice);
  if (isSet(order.QuotePrice)) return toPence(order.QuotePrice);
  return 0;
}

/** The order total in pence: base price plus every extra's Price. */
export function orderTotalPence(order: PricedOrder): number {
  return (
    basePricePence(order) + sumPence((order.Extras ?? []).map((extra) => toPence(extra.Price)))
  );
}

/** The total of a list of orders in pence (a basket); 0 when empty. */
export function listTotalPence(orders: readonly PricedOrder[]): number {
  return sumPence(orders.map(orderTotalPence));
}
