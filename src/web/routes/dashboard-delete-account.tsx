import { pageTitle } from '../lib/site';
import { DeleteAccountPage } from '../features/account/delete-account';

export const meta = () => [
  { title: pageTitle('Delete Account') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardDeleteAccount() {
  return <DeleteAccountPage />;
}
