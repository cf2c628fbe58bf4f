import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { HealthPage } from '../admin/operations/health-page';

export const meta = () => [{ title: pageTitle('Health') }, { name: 'robots', content: 'noindex' }];

export default function AdminHealthRoute() {
  return (
    <AdminArea can={['read', 'Operations']}>
      <HealthPage />
    </AdminArea>
  );
}
