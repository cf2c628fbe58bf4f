import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/validate-email';
import { pageTitle } from '../lib/site';
import { failureOf, sessionToken } from '../lib/route-data';
import { setUser } from '../lib/session';
import { getMe } from '../lib/api/get-me';
import { requestValidateEmail } from '../features/account/api/request-validate-email';
import { validateEmail } from '../features/account/api/validate-email';
import {
  ValidateEmailPage,
  type ResendData,
  type ValidateEmailData,
} from '../features/account/validate-email-page';

export const meta = () => [
  { title: pageTitle('Confirm your email address') },
  { name: 'robots', content: 'noindex' },
];

/** Sends the link's token (any string, docs/requirements.md §2) once. */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<ValidateEmailData> {
  try {
    await validateEmail({ token: params.token });
  } catch (error) {
    return { confirmed: false, failure: failureOf(error) };
  }
  // Logged in here: the user data is read again, so the account shows the address as confirmed.
  if (sessionToken()) {
    await getMe()
      .then(setUser)
      .catch(() => undefined);
  }
  return { confirmed: true };
}

/** A link is used once: it is sent again only for another token, never after the action. */
export const shouldRevalidate = ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
  currentParams.token !== nextParams.token;

/** "Send me a new link" (logged in). */
export async function clientAction(): Promise<ResendData> {
  try {
    await requestValidateEmail();
    return { sent: true };
  } catch (error) {
    return { sent: false, failure: failureOf(error) };
  }
}

/** /validate-email/{token}: the token is any string (docs/requirements.md §2). */
export default function ValidateEmail({ params }: Route.ComponentProps) {
  return <ValidateEmailPage key={params.token} />;
}
