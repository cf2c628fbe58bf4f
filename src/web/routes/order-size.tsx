import type { Route } from './+types/order-size';
import { pageTitle } from '../lib/site';
import { SizeStep } from '../features/booking/size-step';
import { guardStep } from '../features/booking/route-guards';

/** /order/size/{id}: the size step of an existing booking. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return guardStep('size', params.id);
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Parcel size') }];

export default function OrderSizeRoute({ loaderData }: Route.ComponentProps) {
  return <SizeStep key={loaderData.order.Id} mode="order" initial={loaderData.order} />;
}
