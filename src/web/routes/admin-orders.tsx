import { pageTitle } from '../lib/site';
import { AdminArea } from '../admin/admin-layout';
import { OrdersPage } from '../admin/orders/orders-page';

export const meta = () => [{ title: pageTitle('Orders') }, { name: 'robots', content: 'noindex' }];

export default function AdminOrdersRoute() {
  return (
    <AdminArea can={['manage', 'Order']}>
      <OrdersPage />
    </AdminArea>
  );
}
