import { Outlet } from 'react-router';
import { DashboardLayout } from '../features/account/dashboard-layout';

/** /dashboard/*: the My Account pages, for logged-in customers (rendered in the browser). */
export default function Dashboard() {
  return (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  );
}
