import type { Route } from './+types/order';
import { pageTitle } from '../lib/site';
import { SizeStep } from '../features/order/size-step';
import { sizeStepOrder } from '../features/order/route-guards';

/** /order/ starts a booking; /order/{id} is the size step of booking {id} (SPEC section 2). */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return sizeStepOrder(params.id, '/order/');
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Add a delivery') }];

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  return <SizeStep key={loaderData.order?.Id ?? 'new'} mode="order" initial={loaderData.order} />;
}
