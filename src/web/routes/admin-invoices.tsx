import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { InvoicesPage } from '../admin/office/invoices-page';

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
