import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { QuotesPage } from '../features/admin/quotes-page';

export const meta = () => [{ title: pageTitle('Quotes') }, { name: 'robots', content: 'noindex' }];

export default function AdminQuotesRoute() {
  return (
    <AdminArea can={['manage', 'Quote']}>
      <QuotesPage />
    </AdminArea>
  );
}
