import { Box, Button, Stack, Typography } from '@mui/material';
import { registerRules } from '../../../shared/auth/schemas';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useResetPassword } from './api/reset-password';
import { dialogs } from './dialog-store';
import { LinkPage, LoginButton, PageButton } from './link-page';
import { NewPasswordFields } from './password-field';
import { useAccountForm } from './use-account-form';

type Values = { Password: string; ConfirmPassword: string };

/** The register form's password rules (src/shared/auth/schemas.ts). */
function passwordRules(values: Values) {
  const { Password, ConfirmPassword } = registerRules(values);
  return { Password, ConfirmPassword };
}

/**
 * /reset-password/{token}: the customer chooses a new password from the e-mailed link. A used or
 * expired link says so and offers a new one (the Forgotten Password dialog).
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const reset = useResetPassword();
  const failure = reset.error instanceof ApiError ? reset.error : null;
  const fieldErrors = failure?.body?.errors ?? [];
  const tokenError = fieldErrors.find((e) => e.field === 'token')?.error;
  const form = useAccountForm<Values>(
    { Password: '', ConfirmPassword: '' },
    passwordRules,
    fieldErrors,
  );

  const submit = form.handleSubmit((values) => reset.mutate({ token, ...values }));

  let body;
  if (reset.isSuccess) {
    body = (
      <Stack spacing={3}>
        <FormAlert severity="success">
          Your password has been changed. Please login with your new password.
        </FormAlert>
        <LoginButton />
      </Stack>
    );
  } else if (tokenError) {
    body = (
      <Stack spacing={3}>
        <FormAlert severity="error">{tokenError}</FormAlert>
        <PageButton onClick={() => dialogs.open('forgottenPassword')}>
          Request a new link
        </PageButton>
      </Stack>
    );
  } else {
    const otherError =
      reset.isError &&
      (failure && failure.status < 500 && fieldErrors.length === 0
        ? failure.message
        : !failure || failure.status >= 500
          ? 'Your password could not be changed just now, please try again.'
          : null);
    body = (
      <Box component="form" noValidate onSubmit={submit} aria-label="Choose a new password">
        <Stack spacing={2}>
          <FormAlert severity="error">{otherError}</FormAlert>
          <Typography color="text.secondary">
            Choose a new password of at least 8 characters. Changing it logs you out everywhere.
          </Typography>
          <NewPasswordFields form={form} label="New Password" autoFocus />
          <Box>
            <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
              Change Password
            </Button>
          </Box>
        </Stack>
      </Box>
    );
  }

  return <LinkPage title="Reset your password">{body}</LinkPage>;
}
