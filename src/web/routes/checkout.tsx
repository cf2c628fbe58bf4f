import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/checkout';
import { pageTitle } from '../lib/site';
import { failureOf } from '../lib/route-data';
import { readChoosers } from '../lib/chooser-lists';
import { basketOrders, getBookings } from '../lib/booking-store';
import { promisesReady } from '../lib/api/get-promise';
import { catalogueReady } from '../lib/use-catalogue';
import { checkOut } from '../features/checkout/api/create-checkout';
import { saveCheckoutResult } from '../features/checkout/checkout-storage';
import { CheckoutPage, type CheckoutSubmission } from '../features/checkout/checkout-page';
import { saveAddress, type AddressAnswer, type AddressSubmission } from '../lib/save-address';
import { paymentStarted, type PaymentAnswer } from '../lib/use-leave-for-payment';
import {
  checkDiscount,
  type DiscountAnswer,
  type DiscountSubmission,
} from '../features/checkout/api/check-discount';
import {
  estimateGst,
  type GstAnswer,
  type GstSubmission,
} from '../features/checkout/api/gst-estimate';

/**
 * /checkout/ (docs/requirements.md §2): with an empty basket there is nothing to pay, so to the
 * basket. The address choosers' lists are read for the customer, and shown when they come.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (getBookings().basket.length === 0) throw redirect('/basket/');
  const choosers = readChoosers(request);
  // The bookings and the summary are drawn once, priced, with their arrival (as on the basket).
  const islands = basketOrders(getBookings()).map((order) => order.Island);
  await Promise.all([catalogueReady(), promisesReady(islands)]);
  return { choosers };
}

/**
 * Of what the page sends its action, only a saved address changes what the loader read: the
 * discount and GST answers change nothing, and Pay stays one request.
 */
export function shouldRevalidate({
  json,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod) return defaultShouldRevalidate;
  return (json as { intent?: string } | undefined)?.intent === 'save-address';
}

/**
 * Everything the checkout sends. Pay: one request creates the orders and their payment (the
 * server decides what its key stands for, docs/decisions/0012); the result is kept for the payment
 * pages, and the action answers the provider's page, or the success page when nothing is left to
 * pay. An address saved from a chooser's dialog. And what the page asks as the basket or the code
 * changes: the discount a code gives, and the island GST estimate.
 */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<PaymentAnswer | AddressAnswer | DiscountAnswer | GstAnswer> {
  const submission = (await request.json()) as
    CheckoutSubmission | AddressSubmission | DiscountSubmission | GstSubmission;
  if (submission.intent === 'save-address') return saveAddress(submission);
  if (submission.intent === 'check-discount') return checkDiscount(submission);
  if (submission.intent === 'estimate-gst') return estimateGst(submission);
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

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage choosers={loaderData.choosers} />;
}
