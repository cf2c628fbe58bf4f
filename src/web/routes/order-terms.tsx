import type { Route } from './+types/order-terms';
import { pageTitle } from '../lib/site';
import { TermsStep } from '../features/booking/terms-step';
import { guardStep } from '../features/booking/route-guards';

/** /order/terms/{id} (docs/requirements.md §2); a booking not ready for it goes where it should. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return guardStep('terms', params.id);
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Booking terms') }];

export default function OrderTermsRoute({ loaderData }: Route.ComponentProps) {
  return <TermsStep key={loaderData.order.Id} initial={loaderData.order} />;
}
