import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { UnmatchedParcelsPage } from '../admin/depot/unmatched-parcels-page';

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
