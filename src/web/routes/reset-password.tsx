import type { Route } from './+types/reset-password';
import { pageTitle } from '../lib/site';
import { failureOf } from '../lib/route-data';
import { resetPassword } from '../features/account/api/reset-password';
import { ResetPasswordPage, type ResetPasswordData } from '../features/account/reset-password-page';

export const meta = () => [
  { title: pageTitle('Reset your password') },
  { name: 'robots', content: 'noindex' },
];

/** Sets the new password with the link's token. */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<ResetPasswordData> {
  const { Password, ConfirmPassword } = (await request.json()) as Record<string, string>;
  try {
    await resetPassword({ token: params.token, Password, ConfirmPassword });
    return { changed: true };
  } catch (error) {
    return { changed: false, failure: failureOf(error) };
  }
}

/** /reset-password/{token}: the token is any string (docs/requirements.md §2). */
export default function ResetPassword({ params }: Route.ComponentProps) {
  return <ResetPasswordPage key={params.token} />;
}
