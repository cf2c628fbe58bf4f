import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { CataloguePage } from '../features/admin/catalogue-page';

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
