import { useRef, useState } from 'react';
import { FORGOTTEN_PASSWORD_RULES } from '../../../shared/auth/login-rules';
import { Alert } from '../../components/plain-controls';
import { useForm } from '../../lib/use-form';
import { EmailInput, TextButton, useTypedBeforeLoad } from './account-inputs';
import { forgotPassword } from './api/forgot-password';
import { dialogs, useDialogs, type ForgottenPasswordOptions } from '../../lib/dialog-store';
import { DialogShell } from './dialog-shell';
import { ACCOUNT_MESSAGES } from '../../lib/account-messages';

/**
 * The Forgotten Password dialog (docs/requirements.md §2: 500 wide; Back to Login unless hidden).
 * In the page's HTML like the Login dialog, so its link in the Login dialog answers at once.
 */
export default function ForgottenPasswordDialog() {
  const { options } = useDialogs();
  // The e-mail prefilled from the Login dialog arrives as the dialog opens: the form starts again.
  return (
    <DialogShell name="forgottenPassword" title="Forgotten Password" width={500}>
      <ForgottenPasswordForm
        key={options.forgottenPassword.email ?? ''}
        options={options.forgottenPassword}
      />
    </DialogShell>
  );
}

function ForgottenPasswordForm({ options }: { options: ForgottenPasswordOptions }) {
  const form = useForm({ email: options.email ?? '' }, () => FORGOTTEN_PASSWORD_RULES);
  const element = useRef<HTMLFormElement>(null);
  useTypedBeforeLoad(element, form.values, form.patch);
  const [sent, setSent] = useState(false);
  // Read once: closing the dialog clears the options.
  const [showBackToLogin] = useState(!options.hideBackToLogin);

  const submit = form.handleSubmit((values) => {
    // docs/requirements.md §4: the form is replaced straight away, before any reply; failures are
    // ignored.
    setSent(true);
    forgotPassword({ email: values.email.trim() }).catch(() => undefined);
  });

  const backToLogin = showBackToLogin && (
    <p className="account-form__footer">
      <TextButton onClick={() => dialogs.switch('forgottenPassword', 'login')}>
        Back to Login
      </TextButton>
    </p>
  );

  if (sent) {
    return (
      <div className="account-form">
        <Alert severity="success">{ACCOUNT_MESSAGES.forgottenPasswordSent}</Alert>
        {backToLogin}
      </div>
    );
  }

  return (
    <form
      ref={element}
      noValidate
      onSubmit={submit}
      aria-label="Forgotten Password"
      className="account-form"
    >
      <p className="account-form__intro">
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <EmailInput {...form.text('email')} id="forgotten-password-email" autoFocus />
      <button type="submit" className="button button--contained button--large button--block">
        Send Reset Link
      </button>
      {backToLogin}
    </form>
  );
}
