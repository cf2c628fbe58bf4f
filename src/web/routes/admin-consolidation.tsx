import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { ConsolidationPage } from '../back-office/consolidation/consolidation-page';

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
