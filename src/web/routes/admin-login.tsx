import { pageTitle } from '../lib/site';
import { AdminLogin } from '../back-office/staff/admin-login';

export const meta = () => [
  { title: pageTitle('Staff log in') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminLoginRoute() {
  return <AdminLogin />;
}
