import type { Route } from './+types/order-start';
import { seoMeta } from '../lib/seo';
import { SIZE_STEP_PAGES, SizeStep } from '../features/booking/size-step';

/** /order/: a new booking starts at the size step (docs/requirements.md §2); prerendered. */
export const meta: Route.MetaFunction = () => seoMeta(SIZE_STEP_PAGES.order);

export default function OrderStartRoute() {
  return <SizeStep key="new" mode="order" initial={null} />;
}
