import { redirect } from 'react-router';
import type { Route } from './+types/order';
import { pageTitle } from '../lib/site';
import { SizeStep } from '../features/order/size-step';
import { orderIdParam, storedOrder } from '../features/order/route-guards';

/** /order/ starts a booking; /order/{id} is the size step of booking {id} (SPEC section 2). */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (params.id === undefined) return { order: null };
  const order = storedOrder(orderIdParam(params.id));
  if (!order) throw redirect('/order/');
  return { order };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Add a delivery') }];

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  return <SizeStep key={loaderData.order?.Id ?? 'new'} mode="order" initial={loaderData.order} />;
}
