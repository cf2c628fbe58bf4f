import { redirect } from 'react-router';
import { pageTitle } from '../lib/site';
import { getBookings } from '../features/booking/booking-store';
import { CheckoutPage } from '../features/checkout/checkout-page';

/**
 * /checkout/ (docs/requirements.md §2): with an empty basket there is nothing to pay, so to the
 * basket.
 */
export function clientLoader() {
  if (getBookings().basket.length === 0) throw redirect('/basket/');
  return null;
}

export const meta = () => [
  { title: pageTitle('Checkout') },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
