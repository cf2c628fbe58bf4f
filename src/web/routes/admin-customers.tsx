import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { CustomersPage } from '../admin/customers/customers-page';

export const meta = () => [
  { title: pageTitle('Customers') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCustomersRoute() {
  return (
    <AdminArea can={['manage', 'Customer']}>
      <CustomersPage />
    </AdminArea>
  );
}
