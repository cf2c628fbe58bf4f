import { pageTitle } from '../lib/site';
import { OrderHistoryPage } from '../features/dashboard/order-history';

export const meta = () => [
  { title: pageTitle('Order History') },
  { name: 'robots', content: 'noindex' },
];

/** /dashboard/orders/ (SPEC section 2): Order History. */
export default function DashboardOrders() {
  return <OrderHistoryPage />;
}
