import type { Route } from './+types/admin-case';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { AdminArea } from '../admin/admin-layout';
import { CasePage } from '../admin/cases/case-page';

/** /admin/cases/{id}: one missing-item case; the id is digits. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { id: Number(requireDigits(params.id)) };
}

export const meta = () => [{ title: pageTitle('Case') }, { name: 'robots', content: 'noindex' }];

export default function AdminCaseRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminArea can={['manage', 'Case']}>
      <CasePage key={loaderData.id} id={loaderData.id} />
    </AdminArea>
  );
}
