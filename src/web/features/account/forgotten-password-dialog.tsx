import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { FORGOTTEN_PASSWORD_RULES } from '../../../shared/auth/schemas';
import { FormAlert } from '../../components/form-alert';
import { useForm } from '../../lib/use-form';
import { EmailField } from './account-fields';
import { forgotPassword } from './api/forgot-password';
import { dialogs, useDialogs, type ForgottenPasswordOptions } from './dialog-store';
import { DialogShell } from './dialog-shell';
import { LinkButton } from './link-button';
import { ACCOUNT_MESSAGES } from './messages';

/** The Forgotten Password dialog (SPEC section 2: 500 wide; Back to Login unless hidden). */
export default function ForgottenPasswordDialog() {
  const { options } = useDialogs();
  return (
    <DialogShell name="forgottenPassword" title="Forgotten Password" width={500}>
      <ForgottenPasswordForm options={options.forgottenPassword} />
    </DialogShell>
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
      <LinkButton onClick={() => dialogs.switch('forgottenPassword', 'login')}>
        Back to Login
      </LinkButton>
    </Typography>
  );

  if (sent) {
    return (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormAlert severity="success">{ACCOUNT_MESSAGES.forgottenPasswordSent}</FormAlert>
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
        <EmailField {...form.text('email')} autoFocus />
        <Button type="submit" variant="contained" size="large" fullWidth>
          Send Reset Link
        </Button>
        {backToLogin}
      </Stack>
    </Box>
  );
}
