import { useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Grid,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  ISLANDS,
  REGISTER_SERVER_ERROR_FIELDS,
  registerRules,
  SALUTATIONS,
  type RegisterField,
} from '../../../shared/auth/schemas';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { AppProviders } from '../../components/app-providers';
import { DateField } from '../../components/date-field';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { register } from './api/register';
import { dialogs, useDialogs, type RegisterErrors } from './dialog-store';
import { DialogShell } from './dialog-shell';
import { PasswordField } from './password-field';
import { startSession } from './session-actions';

/** The Register dialog (SPEC section 2: 900 wide, two columns, Back To Login). */
export default function RegisterDialog() {
  const { showRegister, errors } = useDialogs();
  return (
    <AppProviders>
      <DialogShell
        open={showRegister}
        onClose={() => dialogs.close('register')}
        title="Register"
        width={900}
        fullScreenOnPhone
      >
        <RegisterForm errors={errors.register} />
      </DialogShell>
    </AppProviders>
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

function RegisterForm({ errors }: { errors: RegisterErrors | null }) {
  const navigate = useNavigate();
  const form = useForm(EMPTY, registerRules);
  const [sending, setSending] = useState(false);
  // A server error under a field goes once the field is changed.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const serverError = (field: RegisterField) =>
    edited.has(field)
      ? undefined
      : errors?.fields.find((e) => e.field === field && SERVER_FIELDS.includes(field))?.error;
  const otherServerErrors = errors?.fields.filter((e) => !SERVER_FIELDS.includes(e.field)) ?? [];

  const text = (field: Exclude<RegisterField, 'Marketing' | 'TermsAndConditions'>) => {
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

  const submit = form.handleSubmit(async (values) => {
    dialogs.clearErrors('register');
    setEdited(new Set());
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
      navigate('/dashboard/');
    } catch {
      // The account exists; only reading it back failed.
      dialogs.switch('register', 'login', {
        loginMessage: 'Your account has been created, please login.',
      });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Register">
      {errors && (
        <Alert severity="error" variant="filled" role="alert" sx={{ mb: 2 }}>
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
        </Alert>
      )}
      <Grid container columnSpacing={3} rowSpacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <TextField {...text('Salutation')} select label="Title" fullWidth>
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {SALUTATIONS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...text('FirstName')}
              label="First Name"
              autoComplete="given-name"
              required
              fullWidth
            />
            <TextField
              {...text('LastName')}
              label="Last Name"
              autoComplete="family-name"
              required
              fullWidth
            />
            <TextField
              {...text('Email')}
              label="Email"
              type="email"
              autoComplete="email"
              required
              fullWidth
            />
            <TextField
              {...text('Telephone')}
              label="Telephone"
              type="tel"
              autoComplete="tel"
              fullWidth
            />
            <DateField
              name="DOB"
              label="Date of Birth"
              value={form.values.DOB}
              onChange={(value) => {
                setEdited((current) => new Set(current).add('DOB'));
                form.setValue('DOB', value);
              }}
              errorMessages={[form.errorOf('DOB'), serverError('DOB')]}
              clearable
              openTo="year"
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <TextField {...text('Country')} select label="Island of Residence" required fullWidth>
              {ISLANDS.map((island) => (
                <MenuItem key={island} value={island}>
                  {island}
                </MenuItem>
              ))}
            </TextField>
            <PasswordField
              {...text('Password')}
              label="Password"
              autoComplete="new-password"
              required
              fullWidth
            />
            <PasswordField
              {...text('ConfirmPassword')}
              label="Confirm Password"
              autoComplete="new-password"
              required
              fullWidth
            />
            <Box>
              <FormControlLabel
                control={<Switch {...form.check('Marketing')} />}
                label="Send me news and offers by email"
              />
            </Box>
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
          </Stack>
        </Grid>
      </Grid>
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={2}
        sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2">
          Already registered?{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => dialogs.switch('register', 'login')}
          >
            Back To Login
          </Link>
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
