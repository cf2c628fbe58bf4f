import type { Route } from './+types/calculator';
import { pageTitle } from '../lib/site';
import { SizeStep } from '../features/order/size-step';
import { sizeStepOrder } from '../features/order/route-guards';

/** /calculator/ and /calculator/{id}: the size step as a price calculator (SPEC section 2). */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return sizeStepOrder(params.id, '/calculator/');
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Delivery price calculator') }];

export default function CalculatorRoute({ loaderData }: Route.ComponentProps) {
  return (
    <SizeStep key={loaderData.order?.Id ?? 'new'} mode="calculator" initial={loaderData.order} />
  );
}
