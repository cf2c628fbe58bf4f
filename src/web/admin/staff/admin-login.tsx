import { useNavigate, useSearchParams } from 'react-router';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { AUTH_MESSAGES } from '../../../shared/api/auth-messages';
import { LOGIN_RULES } from '../../../shared/auth/login-rules';
import { FormAlert } from '../kit/form-alert';
import { useForm } from '../../lib/use-form';
import { PasswordField } from '../kit/password-field';
import { useStaffLogIn } from './api/staff';

/** Where to go after logging in: a back-office path only (never another site). */
function nextAdminPath(next: string | null): string {
  return next && /^\/admin\/[\w\-/?=&%.]*$/.test(next) ? next : '/admin/';
}

/** /admin/login/: a staff member logs in (a customer's account is refused like a wrong password). */
export function AdminLogin() {
  const form = useForm({ email: '', password: '' }, () => LOGIN_RULES);
  const logIn = useStaffLogIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const submit = form.handleSubmit((values) =>
    logIn.mutate(values, {
      onSuccess: () => navigate(nextAdminPath(params.get('next')), { replace: true }),
    }),
  );

  return (
    <Paper variant="outlined" sx={{ maxWidth: 440, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Staff log in">
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Staff log in
          </Typography>
          <FormAlert severity="error" variant="filled">
            {logIn.isError ? AUTH_MESSAGES.loginFailed : null}
          </FormAlert>
          <TextField
            {...form.text('email')}
            label="Email"
            type="email"
            autoComplete="username"
            required
            fullWidth
            autoFocus
          />
          <PasswordField
            {...form.text('password')}
            label="Password"
            autoComplete="current-password"
            required
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={logIn.isPending || logIn.isSuccess}
            fullWidth
          >
            Log in
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
