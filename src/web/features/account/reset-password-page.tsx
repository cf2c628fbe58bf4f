import { useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { registerRules } from '../../../shared/auth/schemas';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { useResetPassword } from './api/reset-password';
import { dialogs, openLogin } from './dialog-store';
import { PasswordField } from './password-field';

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
  const form = useForm<Values>({ Password: '', ConfirmPassword: '' }, passwordRules);
  const reset = useResetPassword();
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const failure = reset.error instanceof ApiError ? reset.error : null;
  const fieldErrors = failure?.body?.errors ?? [];
  const tokenError = fieldErrors.find((e) => e.field === 'token')?.error;
  const serverError = (field: keyof Values) =>
    edited.has(field) ? undefined : fieldErrors.find((e) => e.field === field)?.error;

  const password = (field: keyof Values) => {
    const props = form.text(field);
    const server = serverError(field);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setEdited((current) => new Set(current).add(field));
        props.onChange(event);
      },
      error: props.error || server !== undefined,
      helperText: props.helperText ?? server,
    };
  };

  const submit = form.handleSubmit((values) => {
    setEdited(new Set());
    reset.mutate({ token, ...values });
  });

  const requestNewLink = (
    <Box>
      <Button variant="contained" onClick={() => dialogs.open('forgottenPassword')}>
        Request a new link
      </Button>
    </Box>
  );

  let body;
  if (reset.isSuccess) {
    body = (
      <Stack spacing={3}>
        <Alert severity="success" role="status">
          Your password has been changed. Please login with your new password.
        </Alert>
        <Box>
          <Button variant="contained" onClick={() => openLogin()}>
            Login
          </Button>
        </Box>
      </Stack>
    );
  } else if (tokenError) {
    body = (
      <Stack spacing={3}>
        <Alert severity="error" role="alert">
          {tokenError}
        </Alert>
        {requestNewLink}
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
          {otherError && (
            <Alert severity="error" role="alert">
              {otherError}
            </Alert>
          )}
          <Typography color="text.secondary">
            Choose a new password of at least 8 characters. Changing it logs you out everywhere.
          </Typography>
          <PasswordField
            {...password('Password')}
            label="New Password"
            autoComplete="new-password"
            autoFocus
            required
            fullWidth
          />
          <PasswordField
            {...password('ConfirmPassword')}
            label="Confirm Password"
            autoComplete="new-password"
            required
            fullWidth
          />
          <Box>
            <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
              Change Password
            </Button>
          </Box>
        </Stack>
      </Box>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom>
        Reset your password
      </Typography>
      {body}
    </Container>
  );
}
