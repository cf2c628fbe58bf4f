import { Outlet } from 'react-router';
import { AdminLayout } from '../admin/admin-layout';

/**
 * /admin/*: the back office, for staff. Its code (and its routes' code) is loaded only on these
 * pages: a customer's pages never download it.
 */
export default function Admin() {
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}
