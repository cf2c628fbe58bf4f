import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { UnmatchedParcelsPage } from '../back-office/depot/unmatched-parcels-page';

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
