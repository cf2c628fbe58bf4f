import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { CataloguePage } from '../admin/catalogue/catalogue-page';

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
