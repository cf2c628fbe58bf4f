import { redirect } from 'react-router';
import type { Route } from './+types/dashboard-addresses';
import { pageTitle } from '../lib/site';
import { failureOf, readForSession } from '../lib/route-data';
import { deleteAddress } from '../features/addresses/api/delete-address';
import { listAddresses } from '../lib/api/list-addresses';
import { AddressBookPage, bookPage, type DeleteAnswer } from '../features/addresses/address-book';
import { saveAddress, type AddressAnswer, type AddressSubmission } from '../lib/save-address';

/** `?page=` as a page number: 1 unless it is a whole number from 1. */
function pageOf(request: Request) {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * A page of the customer's addresses (docs/requirements.md §7: 10 a page, Updated ascending). Past
 * the last page (its last address deleted, an old link) it goes to the last page.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageOf(request);
  const list = await readForSession(() => listAddresses({ options: { page } }));
  if (list.data && list.data.total > 0) {
    const pages = Math.ceil(list.data.total / list.data.itemsPerPage);
    if (page > pages) throw redirect(bookPage(pages));
  }
  return { page, list };
}

/**
 * Save (the address dialog's) or delete: a deleted address goes, and with it a choice of it for
 * the checkout. The loader reads the page again after either.
 */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<DeleteAnswer | AddressAnswer> {
  const submission = (await request.json()) as { intent: 'delete'; Id: number } | AddressSubmission;
  if (submission.intent === 'save-address') return saveAddress(submission);
  try {
    await deleteAddress(submission.Id);
    return { intent: 'delete', failure: null };
  } catch (error) {
    return { intent: 'delete', failure: failureOf(error) };
  }
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Address Book') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardAddresses({ loaderData }: Route.ComponentProps) {
  return <AddressBookPage list={loaderData.list} page={loaderData.page} />;
}
