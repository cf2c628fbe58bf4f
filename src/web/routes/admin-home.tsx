import { pageTitle } from '../lib/site';
import { AdminHome } from '../admin/admin-home';

export const meta = () => [
  { title: pageTitle('Back office') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminHomeRoute() {
  return <AdminHome />;
}
