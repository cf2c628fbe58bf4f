import type { Route } from './+types/order-additions';
import { pageTitle } from '../lib/site';
import { AdditionsStep } from '../features/booking/additions-step';
import { guardStep } from '../features/booking/route-guards';
import { catalogueReady } from '../lib/use-catalogue';
import { settingsResource } from '../lib/api/get-settings';
import { promisesReady } from '../lib/api/get-promise';

/**
 * /order/additions/{id} (docs/requirements.md §2); a booking not ready for it goes where it should.
 * The extras and the island's GST setting are waited for, so the step is drawn once, complete: a
 * skeleton replaced by taller extras and a GST note arriving later pushed the total and the
 * buttons down the screen (decision 0029, Lighthouse's layout shift).
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const step = guardStep('additions', params.id);
  await Promise.all([
    catalogueReady(),
    settingsResource.ready(),
    promisesReady([step.order.Island]),
  ]);
  return step;
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Extras') }];

export default function OrderAdditionsRoute({ loaderData }: Route.ComponentProps) {
  return <AdditionsStep key={loaderData.order.Id} initial={loaderData.order} />;
}
