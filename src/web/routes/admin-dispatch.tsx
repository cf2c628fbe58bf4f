import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { DispatchPage } from '../admin/depot/dispatch-page';

export const meta = () => [
  { title: pageTitle('Dispatch') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminDispatchRoute() {
  return (
    <AdminArea can={['dispatch', 'Parcel']}>
      <DispatchPage />
    </AdminArea>
  );
}
