import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { CasesPage } from '../back-office/cases/cases-page';

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
