import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { CasesPage } from '../admin/cases/cases-page';

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
