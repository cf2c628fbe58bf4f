import { redirect } from 'react-router';
import type { Route } from './+types/checkout';
import { pageTitle } from '../lib/site';
import { failureOf } from '../lib/route-data';
import { getBookings } from '../features/booking/booking-store';
import { checkOut } from '../features/checkout/api/create-checkout';
import { saveCheckoutResult } from '../features/checkout/checkout-storage';
import { CheckoutPage, type CheckoutSubmission } from '../features/checkout/checkout-page';
import {
  saveAddress,
  type AddressAnswer,
  type AddressSubmission,
} from '../features/addresses/save-address';
import { paymentStarted, type PaymentAnswer } from '../features/checkout/use-leave-for-payment';

/**
 * /checkout/ (docs/requirements.md §2): with an empty basket there is nothing to pay, so to the
 * basket.
 */
export function clientLoader() {
  if (getBookings().basket.length === 0) throw redirect('/basket/');
  return null;
}

/**
 * Pay: one request creates the orders and their payment (the server decides what its key
 * stands for, docs/decisions/0012); the result is kept for the payment pages, and the action
 * answers the provider's page, or the success page when nothing is left to pay. Or an address
 * saved from a chooser's dialog.
 */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<PaymentAnswer | AddressAnswer> {
  const submission = (await request.json()) as CheckoutSubmission | AddressSubmission;
  if (submission.intent === 'save-address') return saveAddress(submission);
  let result;
  try {
    result = await checkOut(submission.checkout);
  } catch (error) {
    return { failure: failureOf(error) };
  }
  saveCheckoutResult(result);
  return paymentStarted(result);
}

export const meta = () => [
  { title: pageTitle('Checkout') },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
