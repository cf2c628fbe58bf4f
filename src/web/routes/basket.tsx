import { pageTitle } from '../lib/site';
import { BasketPage, BasketPending } from '../features/basket/basket-page';
import { catalogueReady } from '../lib/use-catalogue';
import { basketOrders, getBookings } from '../lib/booking-store';
import { promisesReady } from '../lib/api/get-promise';

export const meta = () => [{ title: pageTitle('Basket') }];

/**
 * The catalogue the bookings are priced from is waited for, so the basket is drawn once,
 * complete: a skeleton replaced by the taller booking pushed the total and the buttons down the
 * screen (Lighthouse's layout shift), as on the extras step (order-additions.tsx); and so are the
 * arrival promises of its bookings' islands, which arriving later pushed the rest down too.
 */
export async function clientLoader() {
  const islands = basketOrders(getBookings()).map((order) => order.Island);
  await Promise.all([catalogueReady(), promisesReady(islands)]);
  return null;
}

export const HydrateFallback = BasketPending;

export default function BasketRoute() {
  return <BasketPage />;
}
