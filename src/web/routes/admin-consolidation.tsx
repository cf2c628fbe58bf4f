import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { ConsolidationPage } from '../admin/consolidation/consolidation-page';

export const meta = () => [
  { title: pageTitle('Consolidation') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminConsolidationRoute() {
  return (
    <AdminArea can={['read', 'Parcel']}>
      <ConsolidationPage />
    </AdminArea>
  );
}
