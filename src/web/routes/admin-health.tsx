import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { HealthPage } from '../features/admin/health-page';

export const meta = () => [{ title: pageTitle('Health') }, { name: 'robots', content: 'noindex' }];

export default function AdminHealthRoute() {
  return (
    <AdminArea can={['read', 'Operations']}>
      <HealthPage />
    </AdminArea>
  );
}
