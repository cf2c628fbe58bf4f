import type { Route } from './+types/dashboard-pay';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { PayInvoice } from '../features/checkout/pay-invoice';

/** /dashboard/pay/{id} (SPEC section 2): pay an invoice; the id is digits. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { id: Number(requireDigits(params.id)) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Pay invoice') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardPay({ loaderData }: Route.ComponentProps) {
  return <PayInvoice key={loaderData.id} id={loaderData.id} />;
}
