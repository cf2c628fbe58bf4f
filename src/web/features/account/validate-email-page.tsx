import { Link, useFetcher, useLoaderData } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/api/auth-messages';
import { Alert } from '../../components/plain-controls';
import type { Failure } from '../../lib/route-data';
import { useSession } from '../../lib/session';
import { LinkPage, LoginButton, PageButton } from '../../components/link-page';

/** What the route's loader answers (routes/validate-email.tsx): confirmed, or why not. */
export type ValidateEmailData = { confirmed: true } | { confirmed: false; failure: Failure };
/** What its action answers when a new link is asked for. */
export type ResendData = { sent: true } | { sent: false; failure: Failure };

/**
 * /validate-email/{token}: confirms the e-mail address from the link in the welcome e-mail (the
 * route's loader sends it, once). A used or expired link says so and offers a new one (after
 * logging in, if need be).
 */
export function ValidateEmailPage() {
  const result = useLoaderData() as ValidateEmailData;
  const { user } = useSession();
  return (
    <LinkPage title="Confirm your email address">
      {result.confirmed ? (
        <>
          <Alert severity="success">Thank you, your email address is confirmed.</Alert>
          {user ? (
            <div>
              <Link to="/dashboard/" className="button button--contained">
                Go to My Account
              </Link>
            </div>
          ) : (
            <LoginButton />
          )}
        </>
      ) : (
        <InvalidLink failure={result.failure} loggedIn={!!user} />
      )}
    </LinkPage>
  );
}

function InvalidLink({ failure, loggedIn }: { failure: Failure; loggedIn: boolean }) {
  const resend = useFetcher<ResendData>();
  const message =
    failure.status > 0 && failure.status < 500
      ? failure.message
      : 'Your email address could not be confirmed just now, please try again.';
  const tokenProblem = failure.status === 400;
  return (
    <>
      <Alert severity="error">
        {tokenProblem ? message || AUTH_MESSAGES.tokenInvalid : message}
      </Alert>
      {resend.data?.sent ? (
        <Alert severity="success">We have sent you a new link. Please check your email.</Alert>
      ) : loggedIn ? (
        <div>
          <PageButton
            loading={resend.state !== 'idle'}
            onClick={() => void resend.submit(null, { method: 'post' })}
          >
            Send me a new link
          </PageButton>
          {resend.data && !resend.data.sent && (
            <p className="link-page__error" role="alert">
              The link could not be sent, please try again.
            </p>
          )}
        </div>
      ) : (
        <div>
          <p>Login to ask for a new link.</p>
          <LoginButton
            options={{ loginMessage: 'Please login to request a new confirmation link.' }}
          />
        </div>
      )}
    </>
  );
}
