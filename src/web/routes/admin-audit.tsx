import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { AuditPage } from '../features/admin/audit-page';

export const meta = () => [
  { title: pageTitle('Audit log') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminAuditRoute() {
  return (
    <AdminArea can={['read', 'AuditLog']}>
      <AuditPage />
    </AdminArea>
  );
}
