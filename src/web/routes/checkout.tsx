import { pageTitle } from '../lib/site';
import { CheckoutComing } from '../features/basket/checkout-coming';

export const meta = () => [{ title: pageTitle('Checkout') }];

export default function CheckoutRoute() {
  return <CheckoutComing />;
}
