import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { CataloguePage } from '../back-office/catalogue/catalogue-page';

export const meta = () => [
  { title: pageTitle('Catalogue') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCatalogueRoute() {
  return (
    <AdminArea can={['manage', 'Catalogue']}>
      <CataloguePage />
    </AdminArea>
  );
}
