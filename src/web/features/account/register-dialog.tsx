import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { REGISTER_SERVER_ERROR_FIELDS, registerRules } from '../../../shared/auth/schemas';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { FormColumns, personalFields } from './account-fields';
import { register } from './api/register';
import { dialogs, useDialogs, type RegisterErrors } from './dialog-store';
import { DialogShell } from './dialog-shell';
import { LinkButton } from './link-button';
import { NewPasswordFields } from './password-field';
import { startSession } from './session-actions';
import { useAccountForm } from './use-account-form';

/** The Register dialog (SPEC section 2: 900 wide, two columns, Back To Login). */
export default function RegisterDialog() {
  const { errors, options } = useDialogs();
  return (
    <DialogShell name="register" title="Register" width={900} fullScreenOnPhone>
      <RegisterForm errors={errors.register} stayOnPage={options.register.stayOnPage} />
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
}: {
  errors: RegisterErrors | null;
  stayOnPage?: boolean;
}) {
  const navigate = useNavigate();
  // The server's errors for the form's fields show under them; any others in the alert.
  const fieldErrors = errors?.fields.filter((e) => SERVER_FIELDS.includes(e.field)) ?? [];
  const otherServerErrors = errors?.fields.filter((e) => !SERVER_FIELDS.includes(e.field)) ?? [];
  const form = useAccountForm(EMPTY, registerRules, fieldErrors);
  const fields = personalFields(form);
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
      if (!stayOnPage) navigate('/dashboard/');
    } catch {
      // The account exists; only reading it back failed.
      dialogs.switch('register', 'login', {
        loginMessage: 'Your account has been created, please login.',
        stayOnPage,
      });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Register">
      {errors && (
        <FormAlert severity="error" variant="filled" sx={{ mb: 2 }}>
          {errors.message}
          {otherServerErrors.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {otherServerErrors.map((e) => (
                <li key={`${e.field}:${e.error}`}>
                  {e.field}: {e.error}
                </li>
              ))}
            </Box>
          )}
        </FormAlert>
      )}
      <FormColumns
        sx={{ pt: 1 }}
        left={
          <>
            {fields.Salutation}
            {fields.FirstName}
            {fields.LastName}
            {fields.Email}
            {fields.Telephone}
            {fields.DOB}
          </>
        }
        right={
          <>
            {fields.Country}
            <NewPasswordFields form={form} label="Password" />
            {fields.Marketing}
            <FormControl error={form.errorOf('TermsAndConditions') !== undefined}>
              <FormControlLabel
                control={<Switch {...form.check('TermsAndConditions')} required />}
                label={
                  <>
                    I agree to the{' '}
                    <Link href="/terms-and-conditions" target="_blank" rel="noopener">
                      terms and conditions
                    </Link>
                  </>
                }
              />
              {form.errorOf('TermsAndConditions') && (
                <FormHelperText>{form.errorOf('TermsAndConditions')}</FormHelperText>
              )}
            </FormControl>
          </>
        }
      />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={2}
        sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2">
          Already registered?{' '}
          <LinkButton onClick={() => dialogs.switch('register', 'login', { stayOnPage })}>
            Back To Login
          </LinkButton>
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={sending}
          sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
        >
          Register
        </Button>
      </Stack>
    </Box>
  );
}
