import type { Route } from './+types/order';
import { pageTitle } from '../lib/site';
import { SIZE_STEP_PAGES, SizeStep } from '../features/booking/size-step';
import { sizeStepOrder } from '../features/booking/route-guards';

/**
 * /order/{id}: the size step of booking {id}, the same screen as /order/ (docs/requirements.md §2).
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return sizeStepOrder(params.id, '/order/');
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle(SIZE_STEP_PAGES.order.title) }];

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  return <SizeStep key={loaderData.order.Id} mode="order" initial={loaderData.order} />;
}
