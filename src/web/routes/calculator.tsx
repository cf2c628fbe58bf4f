import type { Route } from './+types/calculator';
import { pageTitle } from '../lib/site';
import { SIZE_STEP_PAGES, SizeStep } from '../features/booking/size-step';
import { sizeStepOrder } from '../features/booking/route-guards';

/**
 * /calculator/{id}: the size step as a price calculator for booking {id} (docs/requirements.md §2).
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return sizeStepOrder(params.id, '/calculator/');
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(SIZE_STEP_PAGES.calculator.title) },
];

export default function CalculatorRoute({ loaderData }: Route.ComponentProps) {
  return <SizeStep key={loaderData.order.Id} mode="calculator" initial={loaderData.order} />;
}
