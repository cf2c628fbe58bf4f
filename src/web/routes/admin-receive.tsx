import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { ReceivePage } from '../admin/depot/receive-page';

export const meta = () => [
  { title: pageTitle('Receive a parcel') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminReceiveRoute() {
  return (
    <AdminArea can={['receive', 'Parcel']}>
      <ReceivePage />
    </AdminArea>
  );
}
