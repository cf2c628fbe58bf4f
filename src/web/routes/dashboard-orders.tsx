import { redirect } from 'react-router';
import type { Route } from './+types/dashboard-orders';
import { ORDER_HISTORY_DEFAULTS } from '../../shared/order-history';
import { pageTitle } from '../lib/site';
import { readForSession } from '../lib/route-data';
import { listOrders } from '../features/orders/api/orders';
import {
  historyRequest,
  historySearchParams,
  pageCount,
  readHistoryParams,
} from '../features/orders/history-params';
import { OrderHistoryPage, type OrderHistoryData } from '../features/orders/order-history';

export const meta = () => [
  { title: pageTitle('Order History') },
  { name: 'robots', content: 'noindex' },
];

/**
 * The page of the history the address asks for; a page past the last (orders went, or an old
 * link) goes to the last page instead.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<OrderHistoryData> {
  const url = new URL(request.url);
  const view = readHistoryParams(url.searchParams);
  const list = await readForSession(() =>
    listOrders(historyRequest(view, ORDER_HISTORY_DEFAULTS.itemsPerPage)),
  );
  if (list.data && view.page > pageCount(list.data)) {
    const last = historySearchParams({ ...view, page: pageCount(list.data) }).toString();
    throw redirect(last ? `${url.pathname}?${last}` : url.pathname);
  }
  return { view, list };
}

/** /dashboard/orders/ (docs/requirements.md §2): Order History. */
export default function DashboardOrders({ loaderData }: Route.ComponentProps) {
  return <OrderHistoryPage {...loaderData} />;
}
