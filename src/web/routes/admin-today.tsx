import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { TodayPage } from '../admin/office/today-page';

export const meta = () => [{ title: pageTitle('Today') }, { name: 'robots', content: 'noindex' }];

export default function AdminTodayRoute() {
  return (
    <AdminArea can={['manage', 'Order']}>
      <TodayPage />
    </AdminArea>
  );
}
