import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/dashboard-order';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { readForSession } from '../lib/route-data';
import { orderReference } from '../../shared/order-reference';
import { getOrderDetail } from '../features/orders/order-detail/api/get-order-detail';
import { getParcelPhoto } from '../features/orders/order-detail/api/get-parcel-photo';
import {
  OrderDetailPage,
  type OrderDetailData,
} from '../features/orders/order-detail/order-detail-page';
import { orderAction, type OrderActionResult } from '../features/orders/order-detail/actions';

/**
 * /dashboard/orders/{id} (docs/requirements.md §2): one of the customer's orders; the id is digits.
 * Its parcel photos are fetched as the page shows (each an unwaited promise, drawn by <Await>).
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<OrderDetailData> {
  const id = Number(requireDigits(params.id));
  const detail = await readForSession(() => getOrderDetail(id));
  const urls = detail.data?.Timeline.flatMap((entry) => entry.Parcel?.Photos ?? []).map(
    (p) => p.Url,
  );
  const photos = Object.fromEntries((urls ?? []).map((url) => [url, getParcelPhoto(url)]));
  return { id, detail, photos };
}

/** Report missing items, or download the export certificate (the form's `intent`). */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<OrderActionResult> {
  return orderAction(Number(requireDigits(params.id)), await request.formData());
}

/** A downloaded certificate changes nothing on the page: nothing is read again. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'certificate' ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Order ${orderReference(loaderData.id)}` : 'Order') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardOrder({ loaderData }: Route.ComponentProps) {
  return <OrderDetailPage key={loaderData.id} {...loaderData} />;
}
