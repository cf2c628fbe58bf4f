import type { Route } from './+types/dashboard-pay';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { failureOf, readForSession } from '../lib/route-data';
import { getInvoice } from '../features/checkout/api/get-invoice';
import { payInvoice } from '../features/checkout/api/pay-invoice';
import { PayInvoice } from '../features/checkout/pay-invoice';
import { paymentStarted, type PaymentAnswer } from '../lib/use-leave-for-payment';

/** /dashboard/pay/{id} (docs/requirements.md §2): pay an invoice; the id is digits. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = Number(requireDigits(params.id));
  return { id, invoice: await readForSession(() => getInvoice(id)) };
}

/** Pay: starts the payment (or answers the one already started) on the provider's page. */
export async function clientAction({ params }: Route.ClientActionArgs): Promise<PaymentAnswer> {
  const id = Number(requireDigits(params.id));
  let started;
  try {
    started = await payInvoice(id);
  } catch (error) {
    return { failure: failureOf(error) };
  }
  return paymentStarted(started);
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Pay invoice') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardPay({ loaderData }: Route.ComponentProps) {
  return <PayInvoice key={loaderData.id} invoice={loaderData.invoice} />;
}
