import { pageTitle } from '../lib/site';
import { NotFound } from '../components/not-found';

export const meta = () => [
  { title: pageTitle('Page not found') },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
