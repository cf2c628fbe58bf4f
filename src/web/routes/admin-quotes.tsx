import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { QuotesPage } from '../admin/orders/quotes-page';

export const meta = () => [{ title: pageTitle('Quotes') }, { name: 'robots', content: 'noindex' }];

export default function AdminQuotesRoute() {
  return (
    <AdminArea can={['manage', 'Quote']}>
      <QuotesPage />
    </AdminArea>
  );
}
