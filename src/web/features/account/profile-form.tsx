import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Grid,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { Profile, ProfileUpdateInput } from '../../../shared/api/auth';
import type { FieldError } from '../../../shared/api/errors';
import { ISLANDS, registerRules, SALUTATIONS } from '../../../shared/auth/schemas';
import { DateField } from '../../components/date-field';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { dialogs } from './dialog-store';

type ProfileValues = {
  Salutation: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Telephone: string;
  DOB: string;
  Country: string;
  Marketing: boolean;
};

/** The register form's rules for the fields a profile has (src/shared/auth/schemas.ts). */
function profileRules() {
  const { Salutation, FirstName, LastName, Email, Telephone, DOB, Country, Marketing } =
    registerRules({});
  return { Salutation, FirstName, LastName, Email, Telephone, DOB, Country, Marketing };
}

const toValues = (p: Profile): ProfileValues => ({
  Salutation: p.Salutation ?? '',
  FirstName: p.FirstName,
  LastName: p.LastName,
  Email: p.Email,
  Telephone: p.Telephone ?? '',
  DOB: p.DOB ?? '',
  Country: p.Country,
  Marketing: p.Marketing,
});

/** The profile page (/dashboard/profile/): GET /public/members, then PUT /public/members/update. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Profile</Typography>
      {profile.isPending && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <CircularProgress aria-label="Loading your profile" />
        </Box>
      )}
      {profile.isError && (
        <Alert severity="error">Your profile could not be loaded, please try again.</Alert>
      )}
      {profile.data && <ProfileForm key={profile.data.Reference} profile={profile.data} />}
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm(toValues(profile), profileRules);
  const update = useUpdateProfile();
  const [saved, setSaved] = useState<string | null>(null);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const failure = update.error instanceof ApiError ? update.error : null;
  const serverFields: FieldError[] = failure?.body?.errors ?? [];
  const serverError = (field: keyof ProfileValues) =>
    edited.has(field) ? undefined : serverFields.find((e) => e.field === field)?.error;

  const text = (field: Exclude<keyof ProfileValues, 'Marketing'>) => {
    const props = form.text(field);
    const server = serverError(field);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setEdited((current) => new Set(current).add(field));
        setSaved(null);
        props.onChange(event);
      },
      error: props.error || server !== undefined,
      helperText: props.helperText ?? server,
    };
  };

  const submit = form.handleSubmit((values) => {
    setEdited(new Set());
    setSaved(null);
    const emailChanged = values.Email.trim().toLowerCase() !== profile.Email.toLowerCase();
    const payload: ProfileUpdateInput = {
      ...values,
      Salutation: values.Salutation || undefined,
      Telephone: values.Telephone || undefined,
      DOB: values.DOB || undefined,
    };
    update.mutate(payload, {
      onSuccess: () =>
        setSaved(
          emailChanged
            ? 'Your profile has been updated. Please confirm your new email address with the link we have sent to it.'
            : 'Your profile has been updated.',
        ),
    });
  });

  // SPEC section 8: a failure with a response shows the response's message as the update error.
  const updateError = update.isError
    ? failure
      ? failure.body?.message || failure.message
      : 'Your profile could not be saved, please try again.'
    : null;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Profile">
      <Stack spacing={2}>
        {updateError && (
          <Alert severity="error" role="alert">
            {updateError}
          </Alert>
        )}
        {saved && (
          <Alert severity="success" role="status">
            {saved}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          Customer reference: <strong>{profile.Reference}</strong>
        </Typography>
        <Grid container columnSpacing={3} rowSpacing={2}>
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
                  setSaved(null);
                  form.setValue('DOB', value);
                }}
                errorMessages={[form.errorOf('DOB'), serverError('DOB')]}
                clearable
                openTo="year"
              />
              <Box>
                <FormControlLabel
                  control={<Switch {...form.check('Marketing')} />}
                  label="Send me news and offers by email"
                />
              </Box>
            </Stack>
          </Grid>
        </Grid>
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() =>
              dialogs.open('forgottenPassword', { email: profile.Email, hideBackToLogin: true })
            }
          >
            Change your password
          </Link>
          <Button type="submit" variant="contained" size="large" loading={update.isPending}>
            Save Profile
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
