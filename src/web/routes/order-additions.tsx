import type { Route } from './+types/order-additions';
import { pageTitle } from '../lib/site';
import { AdditionsStep } from '../features/order/additions-step';
import { guardStep } from '../features/order/route-guards';

/** /order/additions/{id} (SPEC section 2); a booking not ready for it goes where it should. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return guardStep('additions', params.id);
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Extras') }];

export default function OrderAdditionsRoute({ loaderData }: Route.ComponentProps) {
  return <AdditionsStep key={loaderData.order.Id} initial={loaderData.order} />;
}
