import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { WaitingParcelsPage } from '../admin/depot/waiting-parcels-page';

export const meta = () => [
  { title: pageTitle('Parcels waiting for their customer') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminWaitingRoute() {
  return (
    <AdminArea can={['manage', 'Parcel']}>
      <WaitingParcelsPage />
    </AdminArea>
  );
}
