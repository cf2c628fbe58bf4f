import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { TodayPage } from '../features/admin/today-page';

export const meta = () => [{ title: pageTitle('Today') }, { name: 'robots', content: 'noindex' }];

export default function AdminTodayRoute() {
  return (
    <AdminArea can={['manage', 'Order']}>
      <TodayPage />
    </AdminArea>
  );
}
