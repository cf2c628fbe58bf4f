import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { ReturnsPage } from '../admin/returns/returns-page';

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
