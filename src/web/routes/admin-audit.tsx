import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { AuditPage } from '../admin/audit/audit-page';

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
