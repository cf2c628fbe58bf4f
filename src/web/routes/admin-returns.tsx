import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { ReturnsPage } from '../features/admin/returns-page';

export const meta = () => [
  { title: pageTitle('Returns to retailers') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminReturnsRoute() {
  return (
    <AdminArea can={['dispatch', 'Parcel']}>
      <ReturnsPage />
    </AdminArea>
  );
}
