import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { Profile, ProfileUpdateInput } from '../../../shared/api/auth';
import { registerRules } from '../../../shared/auth/schemas';
import { required } from '../../../shared/validation/rules';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { FormColumns, personalFields } from './account-fields';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { dialogs } from './dialog-store';
import { LinkButton } from './link-button';
import { PasswordField } from './password-field';
import { useAccountForm } from './use-account-form';

type ProfileValues = {
  Salutation: string;
  FirstName: string;
  LastName: string;
  Email: string;
  Telephone: string;
  DOB: string;
  Country: string;
  Marketing: boolean;
  /** Asked only when the e-mail address changes. */
  CurrentPassword: string;
};

const emailChangedIn = (values: { Email: string }, profile: Profile) =>
  values.Email.trim().toLowerCase() !== profile.Email.toLowerCase();

/**
 * The register form's rules for the fields a profile has (src/shared/auth/schemas.ts), and the
 * current password when the address changes.
 */
function profileRules(profile: Profile) {
  return (values: ProfileValues) => {
    const { Salutation, FirstName, LastName, Email, Telephone, DOB, Country, Marketing } =
      registerRules({});
    const CurrentPassword = emailChangedIn(values, profile) ? [required] : [];
    return {
      Salutation,
      FirstName,
      LastName,
      Email,
      Telephone,
      DOB,
      Country,
      Marketing,
      CurrentPassword,
    };
  };
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
  CurrentPassword: '',
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
  const update = useUpdateProfile();
  const [saved, setSaved] = useState<string | null>(null);
  const failure = update.error instanceof ApiError ? update.error : null;
  const form = useAccountForm(
    toValues(profile),
    profileRules(profile),
    failure?.body?.errors ?? [],
    () => setSaved(null),
  );
  const emailChanged = emailChangedIn(form.values, profile);
  const fields = personalFields(form);

  const submit = form.handleSubmit((values) => {
    setSaved(null);
    const emailChanged = emailChangedIn(values, profile);
    const payload: ProfileUpdateInput = {
      ...values,
      Salutation: values.Salutation || undefined,
      Telephone: values.Telephone || undefined,
      DOB: values.DOB || undefined,
      CurrentPassword: emailChanged ? values.CurrentPassword : undefined,
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
        <FormAlert severity="error">{updateError}</FormAlert>
        <FormAlert severity="success">{saved}</FormAlert>
        <Typography variant="body2" color="text.secondary">
          Customer reference: <strong>{profile.Reference}</strong>
        </Typography>
        <FormColumns
          left={
            <>
              {fields.Salutation}
              {fields.FirstName}
              {fields.LastName}
              {fields.Email}
              {emailChanged && (
                <PasswordField
                  {...form.text('CurrentPassword')}
                  label="Current password (to change your email address)"
                  autoComplete="current-password"
                  fullWidth
                />
              )}
            </>
          }
          right={
            <>
              {fields.Country}
              {fields.Telephone}
              {fields.DOB}
              {fields.Marketing}
            </>
          }
        />
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <LinkButton
            onClick={() =>
              dialogs.open('forgottenPassword', { email: profile.Email, hideBackToLogin: true })
            }
          >
            Change your password
          </LinkButton>
          <Button type="submit" variant="contained" size="large" loading={update.isPending}>
            Save Profile
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
