import type { Route } from './+types/order-start';
import { pageTitle } from '../lib/site';
import { SIZE_STEP_TITLES, SizeStep } from '../features/order/size-step';

/** /order/: a new booking starts at the size step (SPEC section 2); prerendered. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(SIZE_STEP_TITLES.order) }];

export default function OrderStartRoute() {
  return <SizeStep key="new" mode="order" initial={null} />;
}
