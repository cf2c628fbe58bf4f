import { redirect } from 'react-router';
import type { Route } from './+types/order-confirm';
import { firstIncompleteStep, stepPath } from '../../shared/booking-steps';
import { pageTitle } from '../lib/site';
import { addOrderToBasket } from '../lib/booking-store';
import { OrderConfirm } from '../features/booking/order-confirm';
import { storedOrder } from '../features/booking/route-guards';

/**
 * /order-confirm/?id={id}: a finished booking, in the basket. Without a finished booking it goes
 * to the basket, or to the step the booking still needs.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id') ?? '';
  const order = /^\d{1,15}$/.test(id) ? storedOrder(Number(id)) : undefined;
  if (!order) throw redirect('/basket/');
  const step = firstIncompleteStep(order);
  if (step) throw redirect(stepPath(step, order.Id));
  addOrderToBasket(order.Id);
  return { order };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Added to your basket') }];

export default function OrderConfirmRoute({ loaderData }: Route.ComponentProps) {
  return <OrderConfirm key={loaderData.order.Id} initial={loaderData.order} />;
}
