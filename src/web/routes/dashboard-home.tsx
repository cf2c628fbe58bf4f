import { pageTitle } from '../lib/site';
import { MyAccount } from '../features/account/my-account';

export const meta = () => [
  { title: pageTitle('My Account') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardHome() {
  return <MyAccount />;
}
