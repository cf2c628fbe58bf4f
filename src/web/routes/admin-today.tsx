import { pageTitle } from '../lib/site';
import { AdminArea } from '../back-office/admin-layout';
import { TodayPage } from '../back-office/office/today-page';

export const meta = () => [{ title: pageTitle('Today') }, { name: 'robots', content: 'noindex' }];

export default function AdminTodayRoute() {
  return (
    <AdminArea can={['manage', 'Order']}>
      <TodayPage />
    </AdminArea>
  );
}
