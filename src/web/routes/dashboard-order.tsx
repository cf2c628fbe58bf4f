import type { Route } from './+types/dashboard-order';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { orderReference } from '../../shared/order-reference';
import { OrderDetailPage } from '../features/dashboard/order-detail/order-detail-page';

/** /dashboard/orders/{id} (SPEC section 2): one of the customer's orders; the id is digits. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { id: Number(requireDigits(params.id)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Order ${orderReference(loaderData.id)}` : 'Order') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardOrder({ loaderData }: Route.ComponentProps) {
  return <OrderDetailPage key={loaderData.id} id={loaderData.id} />;
}
