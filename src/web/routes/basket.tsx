import { pageTitle } from '../lib/site';
import { BasketPage, BasketPending } from '../features/basket/basket-page';
import { catalogueReady } from '../features/booking/use-catalogue';

export const meta = () => [{ title: pageTitle('Basket') }];

/**
 * The catalogue the bookings are priced from is waited for, so the basket is drawn once,
 * complete: a skeleton replaced by the taller booking pushed the total and the buttons down the
 * screen (Lighthouse's layout shift), as on the extras step (order-additions.tsx).
 */
export async function clientLoader() {
  await catalogueReady();
  return null;
}

export const HydrateFallback = BasketPending;

export default function BasketRoute() {
  return <BasketPage />;
}
