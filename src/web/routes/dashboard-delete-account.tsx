import { redirect } from 'react-router';
import type { Route } from './+types/dashboard-delete-account';
import { pageTitle } from '../lib/site';
import { failureOf } from '../lib/route-data';
import { deleteAccount } from '../features/account/api/delete-account';
import { DeleteAccountPage, type DeleteAccountAnswer } from '../features/account/delete-account';
import { clearCustomerData } from '../features/account/session-actions';

/**
 * Deletes the account with the password given again; the server ended every session of the
 * account, so there is nothing to log out of there: this browser forgets the customer and goes home.
 */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<DeleteAccountAnswer> {
  const CurrentPassword = String((await request.formData()).get('CurrentPassword') ?? '');
  try {
    await deleteAccount({ CurrentPassword });
  } catch (error) {
    return { failure: failureOf(error) };
  }
  clearCustomerData();
  throw redirect('/');
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Delete Account') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardDeleteAccount() {
  return <DeleteAccountPage />;
}
