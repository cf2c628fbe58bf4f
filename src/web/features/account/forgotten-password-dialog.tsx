import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { FORGOTTEN_PASSWORD_RULES } from '../../../shared/auth/schemas';
import { AppProviders } from '../../components/app-providers';
import { useForm } from '../../lib/use-form';
import { forgotPassword } from './api/forgot-password';
import { dialogs, useDialogs, type ForgottenPasswordOptions } from './dialog-store';
import { DialogShell } from './dialog-shell';
import { ACCOUNT_MESSAGES } from './messages';

/** The Forgotten Password dialog (SPEC section 2: 500 wide; Back to Login unless hidden). */
export default function ForgottenPasswordDialog() {
  const { showForgottenPassword, options } = useDialogs();
  return (
    <AppProviders>
      <DialogShell
        open={showForgottenPassword}
        onClose={() => dialogs.close('forgottenPassword')}
        title="Forgotten Password"
        width={500}
      >
        <ForgottenPasswordForm options={options.forgottenPassword} />
      </DialogShell>
    </AppProviders>
  );
}

function ForgottenPasswordForm({ options }: { options: ForgottenPasswordOptions }) {
  const form = useForm({ email: options.email ?? '' }, () => FORGOTTEN_PASSWORD_RULES);
  const [sent, setSent] = useState(false);
  // Read once: closing the dialog clears the options while it fades out.
  const [showBackToLogin] = useState(!options.hideBackToLogin);

  const submit = form.handleSubmit((values) => {
    // SPEC section 4: the form is replaced straight away, before any reply; failures are ignored.
    setSent(true);
    forgotPassword({ email: values.email.trim() }).catch(() => undefined);
  });

  const backToLogin = showBackToLogin && (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => dialogs.switch('forgottenPassword', 'login')}
      >
        Back to Login
      </Link>
    </Typography>
  );

  if (sent) {
    return (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Alert severity="success" role="status">
          {ACCOUNT_MESSAGES.forgottenPasswordSent}
        </Alert>
        {backToLogin}
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Forgotten Password">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Enter the email address of your account and we will send you a link to choose a new
          password.
        </Typography>
        <TextField
          {...form.text('email')}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          Send Reset Link
        </Button>
        {backToLogin}
      </Stack>
    </Box>
  );
}
