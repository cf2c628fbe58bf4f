import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { deleteConfirmation, required } from '../../../shared/validation/rules';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { deleteAccount } from './api/delete-account';
import { PasswordField } from './password-field';
import { clearCustomerData } from './session-actions';

/**
 * Account deletion (/dashboard/delete-account/): the customer types DELETE to confirm (SPEC
 * section 5) and gives their password again (a borrowed session alone cannot delete); the
 * account goes, this browser forgets everything, and the visitor lands home.
 */
export function DeleteAccountPage() {
  const navigate = useNavigate();
  const form = useForm({ confirm: '', CurrentPassword: '' }, () => ({
    confirm: [deleteConfirmation],
    CurrentPassword: [required],
  }));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSending(true);
    setError(null);
    try {
      await deleteAccount({ CurrentPassword: values.CurrentPassword });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 401
          ? err.message
          : 'Your account could not be deleted, please try again.',
      );
      setSending(false);
      return;
    }
    // The server ended every session of the account: nothing to log out of there.
    clearCustomerData();
    navigate('/');
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h1">Delete Account</Typography>
      <Typography>
        Deleting your account removes your personal details and saved addresses, and logs you out
        everywhere. Your customer reference and UK shipping address stop working, so parcels sent to
        it afterwards cannot be matched to you. We keep the records of paid orders the law requires,
        without your personal details.
      </Typography>
      <Typography>This cannot be undone.</Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Delete account">
        <Stack spacing={2}>
          <FormAlert severity="error">{error}</FormAlert>
          <PasswordField
            {...form.text('CurrentPassword')}
            label="Your current password"
            autoComplete="current-password"
            fullWidth
          />
          <TextField
            {...form.text('confirm')}
            label="Type DELETE to confirm"
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button type="submit" variant="contained" color="error" size="large" loading={sending}>
              Delete my account
            </Button>
            <Button component={Link} to="/dashboard/" size="large">
              Keep my account
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}
