import type { Route } from './+types/calculator-start';
import { pageTitle } from '../lib/site';
import { SIZE_STEP_TITLES, SizeStep } from '../features/order/size-step';

/** /calculator/: the size step as a price calculator, before any booking; prerendered. */
export const meta: Route.MetaFunction = () => [{ title: pageTitle(SIZE_STEP_TITLES.calculator) }];

export default function CalculatorStartRoute() {
  return <SizeStep key="new" mode="calculator" initial={null} />;
}
