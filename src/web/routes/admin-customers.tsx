import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { CustomersPage } from '../back-office/customers/customers-page';

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
