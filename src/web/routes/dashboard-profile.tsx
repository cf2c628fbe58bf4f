import { pageTitle } from '../lib/site';
import { ProfilePage } from '../features/account/profile-form';

export const meta = () => [{ title: pageTitle('Profile') }, { name: 'robots', content: 'noindex' }];

export default function DashboardProfile() {
  return <ProfilePage />;
}
