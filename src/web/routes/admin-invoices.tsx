import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { InvoicesPage } from '../features/admin/invoices-page';

export const meta = () => [
  { title: pageTitle('Invoices') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminInvoicesRoute() {
  return (
    <AdminArea can={['manage', 'Invoice']}>
      <InvoicesPage />
    </AdminArea>
  );
}
