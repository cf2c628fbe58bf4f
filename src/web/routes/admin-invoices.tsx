import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { InvoicesPage } from '../back-office/office/invoices-page';

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
