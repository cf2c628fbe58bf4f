import { pageTitle } from '../lib/site';
import { BasketPage } from '../features/basket/basket-page';

export const meta = () => [{ title: pageTitle('Basket') }];

export default function BasketRoute() {
  return <BasketPage />;
}
