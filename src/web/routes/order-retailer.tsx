import type { Route } from './+types/order-retailer';
import { pageTitle } from '../lib/site';
import { RetailerStep } from '../features/booking/retailer-step';
import { guardStep } from '../features/booking/route-guards';

/**
 * /order/retailer/{id} (docs/requirements.md §2); a booking not ready for it goes where it should.
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return guardStep('retailer', params.id);
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Retailer details') }];

export default function OrderRetailerRoute({ loaderData }: Route.ComponentProps) {
  return <RetailerStep key={loaderData.order.Id} initial={loaderData.order} />;
}
