import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { StaffPage } from '../features/admin/staff-page';

export const meta = () => [{ title: pageTitle('Staff') }, { name: 'robots', content: 'noindex' }];

export default function AdminStaffRoute() {
  return (
    <AdminArea can={['manage', 'Staff']}>
      <StaffPage />
    </AdminArea>
  );
}
