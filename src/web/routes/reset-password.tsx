import type { Route } from './+types/reset-password';
import { pageTitle } from '../lib/site';
import { ResetPasswordPage } from '../features/account/reset-password-page';

export const meta = () => [
  { title: pageTitle('Reset your password') },
  { name: 'robots', content: 'noindex' },
];

/** /reset-password/{token}: the token is any string (SPEC section 2). */
export default function ResetPassword({ params }: Route.ComponentProps) {
  return <ResetPasswordPage key={params.token} token={params.token} />;
}
