import { useEffect, useEffectEvent, useState } from 'react';
import { REGISTER_SERVER_ERROR_FIELDS, registerRules } from '../../../shared/auth/register-rules';
import { AUTH_MESSAGES } from '../../../shared/api/auth-messages';
import { Alert, Choice, FieldError, Spinner } from '../../components/plain-controls';
import { ApiError } from '../../lib/api-client';
import { NewPasswordInputs, TextButton } from './account-inputs';
import { register } from './api/register';
import { dialogs, useDialogs, type RegisterErrors } from '../../lib/dialog-store';
import { DialogShell } from './dialog-shell';
import { personalInputs } from './personal-inputs';
import { startSession } from './session-actions';
import { useForm } from '../../lib/use-form';

/**
 * The Register dialog (docs/requirements.md §2: 900 wide, two columns, Back To Login). It is in
 * every customer page's HTML and hydrated on a root of its own when reached for
 * (register-island.tsx), so it takes the site's navigation as `goTo`.
 */
export default function RegisterDialog({
  goTo,
  onReady,
}: {
  goTo: (path: string) => void;
  /** Told once the dialog's code has run (after its fields' effects). */
  onReady?: () => void;
}) {
  const { errors, options } = useDialogs();
  const ready = useEffectEvent(() => onReady?.());
  useEffect(() => ready(), []);
  return (
    <DialogShell name="register" title="Register" width={900} fullScreenOnPhone>
      <RegisterForm errors={errors.register} stayOnPage={options.register.stayOnPage} goTo={goTo} />
    </DialogShell>
  );
}

const EMPTY = {
  Salutation: '',
  FirstName: '',
  LastName: '',
  Email: '',
  Telephone: '',
  DOB: '',
  Country: '',
  Password: '',
  ConfirmPassword: '',
  Marketing: false,
  TermsAndConditions: false,
};

const SERVER_FIELDS: readonly string[] = REGISTER_SERVER_ERROR_FIELDS;

function RegisterForm({
  errors,
  stayOnPage,
  goTo,
}: {
  errors: RegisterErrors | null;
  stayOnPage?: boolean;
  goTo: (path: string) => void;
}) {
  // The server's errors for the form's fields show under them; any others in the alert.
  const fieldErrors = errors?.fields.filter((e) => SERVER_FIELDS.includes(e.field)) ?? [];
  const otherServerErrors = errors?.fields.filter((e) => !SERVER_FIELDS.includes(e.field)) ?? [];
  // In every page's HTML: its fields' ids cannot be those of the profile form's same fields.
  const form = useForm(EMPTY, registerRules, { serverErrors: fieldErrors, idPrefix: 'register-' });
  const fields = personalInputs(form);
  const [sending, setSending] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    dialogs.clearErrors('register');
    setSending(true);
    let token: string;
    try {
      token = await register({
        ...values,
        Salutation: values.Salutation || undefined,
        DOB: values.DOB || undefined,
        Telephone: values.Telephone || undefined,
      } as Parameters<typeof register>[0]);
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      dialogs.setRegisterErrors({
        message: body?.message || AUTH_MESSAGES.registerFailed,
        fields: body?.errors ?? [],
      });
      setSending(false);
      return;
    }
    try {
      await startSession(token);
      dialogs.close('register');
      // A page that asked to keep the customer (the checkout) goes on from where it was.
      if (!stayOnPage) goTo('/dashboard/');
    } catch {
      // The account exists; only reading it back failed.
      dialogs.switch('register', 'login', {
        loginMessage: 'Your account has been created, please login.',
        stayOnPage,
      });
    }
  });

  const termsError = form.errorOf('TermsAndConditions');
  return (
    <form noValidate onSubmit={submit} aria-label="Register" className="account-form">
      {errors && (
        <Alert severity="error">
          {errors.message}
          {otherServerErrors.length > 0 && (
            <ul className="account-form__errors">
              {otherServerErrors.map((e) => (
                <li key={`${e.field}:${e.error}`}>
                  {e.field}: {e.error}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="account-form__columns">
        <div>
          {fields.Salutation}
          {fields.FirstName}
          {fields.LastName}
          {fields.Email}
          {fields.Telephone}
          {fields.DOB}
        </div>
        <div>
          {fields.Country}
          <NewPasswordInputs form={form} label="Password" />
          {fields.Marketing}
          <div>
            <Choice
              name="TermsAndConditions"
              role="switch"
              required
              checked={form.values.TermsAndConditions}
              onChange={(event) => form.setValue('TermsAndConditions', event.target.checked)}
              invalid={termsError !== undefined}
              aria-describedby={termsError ? 'register-TermsAndConditions-error' : undefined}
              label={
                <>
                  I agree to the{' '}
                  <a href="/terms-and-conditions" target="_blank" rel="noopener">
                    terms and conditions
                  </a>
                </>
              }
            />
            <FieldError id="register-TermsAndConditions-error" message={termsError} />
          </div>
        </div>
      </div>
      <div className="account-form__actions">
        <p className="account-form__footer">
          Already registered?{' '}
          <TextButton onClick={() => dialogs.switch('register', 'login', { stayOnPage })}>
            Back To Login
          </TextButton>
        </p>
        <button
          type="submit"
          className="button button--contained button--large"
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending && <Spinner />}
          Register
        </button>
      </div>
    </form>
  );
}
