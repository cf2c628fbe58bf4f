import type { Route } from './+types/calculator-start';
import { seoMeta } from '../lib/seo';
import { SIZE_STEP_PAGES, SizeStep } from '../features/booking/size-step';

/** /calculator/: the size step as a price calculator, before any booking; prerendered. */
export const meta: Route.MetaFunction = () => seoMeta(SIZE_STEP_PAGES.calculator);

export default function CalculatorStartRoute() {
  return <SizeStep key="new" mode="calculator" initial={null} />;
}
