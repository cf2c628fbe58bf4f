import type { Route } from './+types/admin-order';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { orderReference } from '../../shared/order-reference';
import { AdminArea } from '../admin/admin-layout';
import { OrderPage } from '../admin/orders/order-page';

/** /admin/orders/{id}: one order, for the office; the id is digits. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { id: Number(requireDigits(params.id)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Order ${orderReference(loaderData.id)}` : 'Order') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminOrderRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminArea can={['manage', 'Order']}>
      <OrderPage key={loaderData.id} id={loaderData.id} />
    </AdminArea>
  );
}
