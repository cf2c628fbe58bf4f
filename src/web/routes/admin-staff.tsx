import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { StaffPage } from '../admin/staff/staff-page';

export const meta = () => [{ title: pageTitle('Staff') }, { name: 'robots', content: 'noindex' }];

export default function AdminStaffRoute() {
  return (
    <AdminArea can={['manage', 'Staff']}>
      <StaffPage />
    </AdminArea>
  );
}
