import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { CasesPage } from '../features/admin/cases-page';

export const meta = () => [
  { title: pageTitle('Missing-item cases') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCasesRoute() {
  return (
    <AdminArea can={['manage', 'Case']}>
      <CasesPage />
    </AdminArea>
  );
}
