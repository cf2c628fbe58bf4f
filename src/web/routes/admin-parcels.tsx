import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { UnmatchedParcelsPage } from '../features/admin/unmatched-parcels-page';

export const meta = () => [
  { title: pageTitle('Unmatched parcels') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminParcelsRoute() {
  return (
    <AdminArea can={['receive', 'Parcel']}>
      <UnmatchedParcelsPage />
    </AdminArea>
  );
}
