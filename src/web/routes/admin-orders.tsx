import { pageTitle } from '../lib/site';
import { AdminArea } from '../features/admin/admin-layout';
import { OrdersPage } from '../features/admin/orders-page';

export const meta = () => [{ title: pageTitle('Orders') }, { name: 'robots', content: 'noindex' }];

export default function AdminOrdersRoute() {
  return (
    <AdminArea can={['manage', 'Order']}>
      <OrdersPage />
    </AdminArea>
  );
}
