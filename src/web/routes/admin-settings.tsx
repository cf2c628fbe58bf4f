import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { SettingsPage } from '../back-office/settings/settings-page';

export const meta = () => [
  { title: pageTitle('Settings') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsRoute() {
  return (
    <AdminArea can={['manage', 'Settings']}>
      <SettingsPage />
    </AdminArea>
  );
}
