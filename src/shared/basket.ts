// The basket is a list of order ids without duplicates (docs/requirements.md §3 and §4). These
// functions never change the list they are given.

/** Adds an order id at the end unless it is already there. */
export function addToBasket(basket: readonly number[], orderId: number): number[] {
  return basket.includes(orderId) ? [...basket] : [...basket, orderId];
}

/** Removes an order id; the list is unchanged when it is absent. */
export function removeFromBasket(basket: readonly number[], orderId: number): number[] {
  return basket.filter((id) => id !== orderId);
}

/** An empty basket. */
export function emptyBasket(): number[] {
  return [];
}
