import { Outlet } from 'react-router';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';

/**
 * /dashboard/*: the My Account pages, for logged-in customers (rendered in the browser), drawn
 * with the site's own primitives; each page reads through its own clientLoader.
 */
export default function Dashboard() {
  return (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  );
}
