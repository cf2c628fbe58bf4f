import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { DispatchPage } from '../features/admin/dispatch-page';

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
