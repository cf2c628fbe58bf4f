import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { LOGIN_RULES } from '../../../shared/auth/schemas';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { EmailField } from './account-fields';
import { dialogs, useDialogs } from './dialog-store';
import { DialogShell } from './dialog-shell';
import { LinkButton } from './link-button';
import { PasswordField } from './password-field';
import { logIn } from './session-actions';

/** The Login dialog (SPEC section 2: 500 wide, links to Register and Forgotten Password). */
export default function LoginDialog() {
  const { options, errors } = useDialogs();
  return (
    <DialogShell name="login" title="Login" width={500}>
      {/* The dialog unmounts its content once closed: each opening starts with an empty form. */}
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
  const [sending, setSending] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    dialogs.clearErrors('login');
    setSending(true);
    try {
      await logIn({ email: values.email.trim(), password: values.password });
      dialogs.close('login');
    } catch (err) {
      // SPEC section 8: any failure (wrong details, rate limit, server down) reads the same, but
      // for the right password of an account the office disabled, which is told so.
      const disabled =
        err instanceof ApiError && err.body?.message === AUTH_MESSAGES.accountDisabled;
      dialogs.setLoginError(disabled ? AUTH_MESSAGES.accountDisabled : AUTH_MESSAGES.loginFailed);
      setSending(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Login">
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error ? (
          <FormAlert severity="error" variant="filled">
            {error}
          </FormAlert>
        ) : (
          <FormAlert severity="info">{loginMessage}</FormAlert>
        )}
        <EmailField {...form.text('email')} autoFocus />
        <PasswordField
          {...form.text('password')}
          label="Password"
          autoComplete="current-password"
          required
          fullWidth
        />
        <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
          <LinkButton
            onClick={() =>
              dialogs.switch('login', 'forgottenPassword', { email: form.values.email.trim() })
            }
          >
            Forgotten Password?
          </LinkButton>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={sending} fullWidth>
          Login
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <LinkButton onClick={() => dialogs.switch('login', 'register', { stayOnPage })}>
            Register
          </LinkButton>
        </Typography>
      </Stack>
    </Box>
  );
}
