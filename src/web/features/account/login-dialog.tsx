import { useRef, useState } from 'react';
import { AUTH_MESSAGES } from '../../../shared/api/auth-messages';
import { LOGIN_RULES } from '../../../shared/auth/login-rules';
import { Alert, Spinner } from '../../components/plain-controls';
import { afterOpenedFrom } from '../../components/plain-dialog';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { EmailInput, PasswordInput, TextButton, useTypedBeforeLoad } from './account-inputs';
import { commandFor, DIALOG_IDS, dialogs, useDialogs } from '../../lib/dialog-store';
import { DialogShell } from './dialog-shell';
import { logIn } from './session-actions';

/**
 * The Login dialog (docs/requirements.md §2: 500 wide, links to Register and Forgotten Password).
 * It is in every customer page's HTML, closed, so the header's Login opens it before the code has
 * loaded.
 */
export default function LoginDialog() {
  const { options, errors } = useDialogs();
  return (
    <DialogShell name="login" title="Login" width={500}>
      <LoginForm
        error={errors.login}
        loginMessage={options.login.loginMessage}
        stayOnPage={options.login.stayOnPage}
      />
    </DialogShell>
  );
}

function LoginForm({
  error,
  loginMessage,
  stayOnPage,
}: {
  error: string | null;
  loginMessage?: string;
  stayOnPage?: boolean;
}) {
  const form = useForm({ email: '', password: '' }, () => LOGIN_RULES);
  const element = useRef<HTMLFormElement>(null);
  useTypedBeforeLoad(element, form.values, form.patch);
  const [sending, setSending] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    dialogs.clearErrors('login');
    setSending(true);
    try {
      await logIn({ email: values.email.trim(), password: values.password });
      dialogs.close('login');
    } catch (err) {
      // docs/requirements.md §8: any failure (wrong details, rate limit, server down) reads the
      // same, but for the right password of an account the office disabled, which is told so.
      const disabled =
        err instanceof ApiError && err.body?.message === AUTH_MESSAGES.accountDisabled;
      dialogs.setLoginError(disabled ? AUTH_MESSAGES.accountDisabled : AUTH_MESSAGES.loginFailed);
      setSending(false);
    }
  });

  return (
    <form ref={element} noValidate onSubmit={submit} aria-label="Login" className="account-form">
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : (
        <Alert severity="info">{loginMessage}</Alert>
      )}
      <EmailInput {...form.text('email')} id="login-email" autoFocus />
      <PasswordInput
        {...form.text('password')}
        id="login-password"
        autoComplete="current-password"
        required
      />
      <p className="account-form__aside">
        <TextButton
          command={{ ...commandFor('forgottenPassword'), 'data-closes': DIALOG_IDS.login }}
          onClick={() => {
            const email = form.values.email.trim();
            const next = () => dialogs.switch('login', 'forgottenPassword', { email });
            // Opened by the browser: Login closes once that has been painted.
            afterOpenedFrom(DIALOG_IDS.forgottenPassword, next, next);
          }}
        >
          Forgotten Password?
        </TextButton>
      </p>
      <button
        type="submit"
        className="button button--contained button--large button--block"
        disabled={sending}
        aria-busy={sending || undefined}
      >
        {sending && <Spinner />}
        Login
      </button>
      <p className="account-form__footer">
        Don&apos;t have an account?{' '}
        <TextButton
          command={{ ...commandFor('register'), 'data-closes': DIALOG_IDS.login }}
          onClick={() => {
            const next = () => dialogs.switch('login', 'register', { stayOnPage });
            afterOpenedFrom(DIALOG_IDS.register, next, next);
          }}
        >
          Register
        </TextButton>
      </p>
    </form>
  );
}
