import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { HealthPage } from '../back-office/operations/health-page';

export const meta = () => [{ title: pageTitle('Health') }, { name: 'robots', content: 'noindex' }];

export default function AdminHealthRoute() {
  return (
    <AdminArea can={['read', 'Operations']}>
      <HealthPage />
    </AdminArea>
  );
}
