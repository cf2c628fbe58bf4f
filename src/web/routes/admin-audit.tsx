import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { AuditPage } from '../back-office/audit/audit-page';

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
