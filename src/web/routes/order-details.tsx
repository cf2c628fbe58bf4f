import type { Route } from './+types/order-details';
import { pageTitle } from '../lib/site';
import { DetailsStep } from '../features/booking/details-step';
import { guardStep } from '../features/booking/route-guards';

/**
 * /order/details/{id} (docs/requirements.md §2); a booking not ready for it goes where it should.
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return guardStep('details', params.id);
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Parcel details') }];

export default function OrderDetailsRoute({ loaderData }: Route.ComponentProps) {
  return <DetailsStep key={loaderData.order.Id} initial={loaderData.order} />;
}
