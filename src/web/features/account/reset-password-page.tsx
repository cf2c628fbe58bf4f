import { useFetcher } from 'react-router';
import { registerRules } from '../../../shared/auth/register-rules';
import { Alert } from '../../components/plain-controls';
import type { Failure } from '../../lib/route-data';
import { NewPasswordInputs } from './account-inputs';
import { dialogs } from '../../lib/dialog-store';
import { LinkPage, LoginButton, PageButton } from '../../components/link-page';
import { useForm } from '../../lib/use-form';

type Values = { Password: string; ConfirmPassword: string };
/** What the route's action answers (routes/reset-password.tsx). */
export type ResetPasswordData = { changed: true } | { changed: false; failure: Failure };

/** The register form's password rules (src/shared/auth/register-rules.ts). */
function passwordRules(values: Values) {
  const { Password, ConfirmPassword } = registerRules(values);
  return { Password, ConfirmPassword };
}

/**
 * /reset-password/{token}: the customer chooses a new password from the e-mailed link (sent by
 * the route's action). A used or expired link says so and offers a new one (the Forgotten
 * Password dialog).
 */
export function ResetPasswordPage() {
  const reset = useFetcher<ResetPasswordData>();
  const failure = reset.data && !reset.data.changed ? reset.data.failure : null;
  const fieldErrors = failure?.errors ?? [];
  const tokenError = fieldErrors.find((e) => e.field === 'token')?.error;
  const form = useForm<Values>({ Password: '', ConfirmPassword: '' }, passwordRules, {
    serverErrors: fieldErrors,
  });
  const sending = reset.state !== 'idle';

  const submit = form.handleSubmit(
    (values) => void reset.submit(values, { method: 'post', encType: 'application/json' }),
  );

  let body;
  if (reset.data?.changed) {
    body = (
      <>
        <Alert severity="success">
          Your password has been changed. Please login with your new password.
        </Alert>
        <LoginButton />
      </>
    );
  } else if (tokenError) {
    body = (
      <>
        <Alert severity="error">{tokenError}</Alert>
        <PageButton onClick={() => dialogs.open('forgottenPassword')}>
          Request a new link
        </PageButton>
      </>
    );
  } else {
    const otherError =
      failure &&
      (failure.status > 0 && failure.status < 500 && fieldErrors.length === 0
        ? failure.message
        : failure.status === 0 || failure.status >= 500
          ? 'Your password could not be changed just now, please try again.'
          : null);
    body = (
      <form
        noValidate
        onSubmit={submit}
        aria-label="Choose a new password"
        className="link-page__form"
      >
        <Alert severity="error">{otherError}</Alert>
        <p className="link-page__muted">
          Choose a new password of at least 8 characters. Changing it logs you out everywhere.
        </p>
        <NewPasswordInputs form={form} label="New Password" />
        <div>
          <button
            type="submit"
            className="button button--contained button--large"
            disabled={sending}
            aria-busy={sending || undefined}
          >
            Change Password
          </button>
        </div>
      </form>
    );
  }

  return <LinkPage title="Reset your password">{body}</LinkPage>;
}
