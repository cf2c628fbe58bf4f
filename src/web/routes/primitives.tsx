import { pageTitle } from '../lib/site';
import { PrimitivesPage } from '../features/primitives/primitives-page';

// Not for visitors: kept out of search engines, linked from nowhere.
export const meta = () => [
  { title: pageTitle('Primitives') },
  { name: 'robots', content: 'noindex' },
];

export default function PrimitivesRoute() {
  return <PrimitivesPage />;
}
