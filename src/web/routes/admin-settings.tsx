import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { SettingsPage } from '../admin/settings/settings-page';

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
