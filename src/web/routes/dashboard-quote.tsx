import type { Route } from './+types/dashboard-quote';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { QuotePage } from '../features/quotes/quote-page';

/** /dashboard/quote/{id} (SPEC section 2): accept or decline a quote; the id is digits. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { id: Number(requireDigits(params.id)) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your quote') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardQuote({ loaderData }: Route.ComponentProps) {
  return <QuotePage key={loaderData.id} id={loaderData.id} />;
}
