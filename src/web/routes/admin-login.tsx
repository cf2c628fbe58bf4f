import { pageTitle } from '../lib/site';
import { AdminLogin } from '../admin/staff/admin-login';

export const meta = () => [
  { title: pageTitle('Staff log in') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminLoginRoute() {
  return <AdminLogin />;
}
