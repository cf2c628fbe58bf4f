import type { Route } from './+types/admin-customer';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { AdminArea } from '../admin/admin-layout';
import { CustomerPage } from '../admin/customers/customer-page';

/** /admin/customers/{id}: one customer account; the id is digits. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { id: Number(requireDigits(params.id)) };
}

export const meta = () => [
  { title: pageTitle('Customer') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCustomerRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminArea can={['manage', 'Customer']}>
      <CustomerPage key={loaderData.id} id={loaderData.id} />
    </AdminArea>
  );
}
