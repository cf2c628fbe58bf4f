import type { Route } from './+types/dashboard-home';
import { pageTitle } from '../lib/site';
import { ApiError } from '../lib/api-client';
import { setUser } from '../lib/session';
import { readForSession, sessionToken } from '../lib/route-data';
import { getMe } from '../lib/api/get-me';
import { requestValidateEmail } from '../features/account/api/request-validate-email';
import { MyAccount, type ResendResult } from '../features/dashboard/my-account';
import { getOrderSummary } from '../features/orders/api/order-summary';
import { getHousehold } from '../features/household/api/household';

export const meta = () => [
  { title: pageTitle('My Account') },
  { name: 'robots', content: 'noindex' },
];

/**
 * The stored user data is read again (the e-mail may have been confirmed in another tab) while the
 * page shows the stored copy; what needs the customer is shown when it answers (<Await>).
 */
export function clientLoader() {
  void readForSession(getMe).then(({ data }) => data && setUser(data)); // or the stored copy stays
  return {
    token: sessionToken(),
    summary: readForSession(getOrderSummary),
    household: readForSession(getHousehold),
  };
}

/** "Send a new link": e-mails a new validation link. */
export async function clientAction(): Promise<ResendResult> {
  try {
    await requestValidateEmail();
    return { sent: true };
  } catch (error) {
    const known = error instanceof ApiError && error.status !== 401;
    return {
      sent: false,
      message: known ? error.message : 'The link could not be sent, please try again.',
    };
  }
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  return <MyAccount {...loaderData} />;
}
