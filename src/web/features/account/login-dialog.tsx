import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { LOGIN_RULES } from '../../../shared/auth/schemas';
import { AppProviders } from '../../components/app-providers';
import { useForm } from '../../lib/use-form';
import { dialogs, useDialogs } from './dialog-store';
import { DialogShell } from './dialog-shell';
import { PasswordField } from './password-field';
import { logIn } from './session-actions';

/** The Login dialog (SPEC section 2: 500 wide, links to Register and Forgotten Password). */
export default function LoginDialog() {
  const { showLogin, options, errors } = useDialogs();
  return (
    <AppProviders>
      <DialogShell
        open={showLogin}
        onClose={() => dialogs.close('login')}
        title="Login"
        width={500}
      >
        {/* The dialog unmounts its content once closed: each opening starts with an empty form. */}
        <LoginForm error={errors.login} loginMessage={options.login.loginMessage} />
      </DialogShell>
    </AppProviders>
  );
}

function LoginForm({ error, loginMessage }: { error: string | null; loginMessage?: string }) {
  const form = useForm({ email: '', password: '' }, () => LOGIN_RULES);
  const [sending, setSending] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    dialogs.clearErrors('login');
    setSending(true);
    try {
      await logIn({ email: values.email.trim(), password: values.password });
      dialogs.close('login');
    } catch {
      // SPEC section 8: any failure (wrong details, rate limit, server down) reads the same.
      dialogs.setLoginError(AUTH_MESSAGES.loginFailed);
      setSending(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Login">
      <Stack spacing={2} sx={{ pt: 1 }}>
        {error ? (
          <Alert severity="error" variant="filled" role="alert">
            {error}
          </Alert>
        ) : (
          loginMessage && (
            <Alert severity="info" role="status">
              {loginMessage}
            </Alert>
          )
        )}
        <TextField
          {...form.text('email')}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          fullWidth
        />
        <PasswordField
          {...form.text('password')}
          label="Password"
          autoComplete="current-password"
          required
          fullWidth
        />
        <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() =>
              dialogs.switch('login', 'forgottenPassword', { email: form.values.email.trim() })
            }
          >
            Forgotten Password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={sending} fullWidth>
          Login
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => dialogs.switch('login', 'register')}
          >
            Register
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
