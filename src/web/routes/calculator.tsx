import { redirect } from 'react-router';
import type { Route } from './+types/calculator';
import { pageTitle } from '../lib/site';
import { SizeStep } from '../features/order/size-step';
import { orderIdParam, storedOrder } from '../features/order/route-guards';

/** /calculator/ and /calculator/{id}: the size step as a price calculator (SPEC section 2). */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (params.id === undefined) return { order: null };
  const order = storedOrder(orderIdParam(params.id));
  if (!order) throw redirect('/calculator/');
  return { order };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Delivery price calculator') }];

export default function CalculatorRoute({ loaderData }: Route.ComponentProps) {
  return (
    <SizeStep key={loaderData.order?.Id ?? 'new'} mode="calculator" initial={loaderData.order} />
  );
}
