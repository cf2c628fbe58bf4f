import { useNavigate } from 'react-router';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { registerRules } from '../../../shared/auth/register-rules';
import { FormAlert } from '../kit/form-alert';
import { ApiError } from '../../lib/api-client';
import { NewPasswordFields } from '../kit/password-field';
import { useForm } from '../../lib/use-form';
import { useAcceptInvitation } from './api/staff';

type Values = { Password: string; ConfirmPassword: string };

function passwordRules(values: Values) {
  const { Password, ConfirmPassword } = registerRules(values);
  return { Password, ConfirmPassword };
}

/** /admin/invitation/{token}: an invited staff member chooses a password and is logged in. */
export function AdminInvitation({ token }: { token: string }) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const failure = accept.error;
  const fieldErrors = failure instanceof ApiError ? (failure.body?.errors ?? []) : [];
  const form = useForm<Values>({ Password: '', ConfirmPassword: '' }, passwordRules, {
    serverErrors: fieldErrors,
  });
  const tokenError = fieldErrors.find((e) => e.field === 'token')?.error;

  const submit = form.handleSubmit((values) =>
    accept.mutate(values, { onSuccess: () => navigate('/admin/', { replace: true }) }),
  );

  return (
    <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Choose your password">
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Welcome to the back office
          </Typography>
          {tokenError ? (
            <FormAlert severity="error">{tokenError} Ask an admin to invite you again.</FormAlert>
          ) : (
            <>
              <FormAlert severity="error">
                {failure && fieldErrors.length === 0
                  ? 'Your password could not be set just now, please try again.'
                  : null}
              </FormAlert>
              <Typography color="text.secondary">
                Choose the password you will log in with.
              </Typography>
              <NewPasswordFields form={form} label="Password" autoFocus />
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={accept.isPending || accept.isSuccess}
              >
                Set my password
              </Button>
            </>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
