import type { Route } from './+types/dashboard-delete-account';
import { pageTitle } from '../lib/site';
import { failureOf } from '../lib/route-data';
import { deleteAccount } from '../features/account/api/delete-account';
import { DeleteAccountPage, type DeleteAccountAnswer } from '../features/account/delete-account';

/**
 * Deletes the account with the password given again (the page then forgets the customer and goes
 * home: the server ended every session of the account, so there is nothing to log out of there).
 */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<DeleteAccountAnswer> {
  const CurrentPassword = String((await request.formData()).get('CurrentPassword') ?? '');
  try {
    await deleteAccount({ CurrentPassword });
    return { failure: null };
  } catch (error) {
    return { failure: failureOf(error) };
  }
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Delete Account') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardDeleteAccount() {
  return <DeleteAccountPage />;
}
