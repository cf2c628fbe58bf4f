import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { SailingsPage } from '../admin/sailings/sailings-page';

export const meta = () => [
  { title: pageTitle('Sailings') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSailingsRoute() {
  return (
    <AdminArea can={['read', 'Sailing']}>
      <SailingsPage />
    </AdminArea>
  );
}
