import type { Route } from './+types/validate-email';
import { pageTitle } from '../lib/site';
import { ValidateEmailPage } from '../features/account/validate-email-page';

export const meta = () => [
  { title: pageTitle('Confirm your email address') },
  { name: 'robots', content: 'noindex' },
];

/** /validate-email/{token}: the token is any string (SPEC section 2). */
export default function ValidateEmail({ params }: Route.ComponentProps) {
  return <ValidateEmailPage key={params.token} token={params.token} />;
}
