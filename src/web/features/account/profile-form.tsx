import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { Profile, ProfileUpdateInput } from '../../../shared/api/auth';
import { registerRules } from '../../../shared/auth/register-rules';
import { required } from '../../../shared/validation/rules';
import { Alert, BusyButton, Spinner } from '../../components/plain-controls';
import { useSessionData, type Failure, type Loaded } from '../../lib/route-data';
import { PasswordInput, TextButton } from './account-inputs';
import { dialogs } from '../../lib/dialog-store';
import { personalInputs } from './personal-inputs';
import { useForm } from '../../lib/use-form';
import '../../styles/account-screens.css';

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

/** What the profile's route sends to its action, and what the action answers. */
export type ProfileSubmission = {
  payload: ProfileUpdateInput;
  emailChanged: boolean;
};
export type ProfileAnswer = { saved: string; failure: null } | { saved: null; failure: Failure };

export const PROFILE_UPDATED = 'Your profile has been updated.';
export const PROFILE_UPDATED_CONFIRM_EMAIL =
  'Your profile has been updated. Please confirm your new email address with the link we have sent to it.';

const emailChangedIn = (values: { Email: string }, profile: Profile) =>
  values.Email.trim().toLowerCase() !== profile.Email.toLowerCase();

/**
 * The register form's rules for the fields a profile has (src/shared/auth/register-rules.ts), and the
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

/**
 * The profile page (/dashboard/profile/): the route's loader reads GET /public/members; Save
 * Profile submits to its action (PUT /public/members/update), after which the profile is read again.
 */
export function ProfilePage(props: { profile: Loaded<Profile> }) {
  const profile = useSessionData(props.profile);
  return (
    <div className="screen">
      <h1>Profile</h1>
      {profile.failure && (
        <Alert severity="error">Your profile could not be loaded, please try again.</Alert>
      )}
      {!profile.data && !profile.failure && (
        <div className="screen__loading">
          <Spinner label="Loading your profile" />
        </div>
      )}
      {profile.data && <ProfileForm key={profile.data.Reference} profile={profile.data} />}
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useFetcher<ProfileAnswer>();
  const answer = update.state === 'idle' ? update.data : undefined;
  // The success message goes when the customer changes a field again.
  const [dismissed, setDismissed] = useState<ProfileAnswer | undefined>();
  const form = useForm(toValues(profile), profileRules(profile), {
    serverErrors: answer?.failure?.errors ?? [],
    onEdit: () => setDismissed(update.data),
  });
  const emailChanged = emailChangedIn(form.values, profile);
  const fields = personalInputs(form);

  const submit = form.handleSubmit((values) => {
    const emailChanged = emailChangedIn(values, profile);
    const submission: ProfileSubmission = {
      payload: {
        ...values,
        Salutation: values.Salutation || undefined,
        Telephone: values.Telephone || undefined,
        DOB: values.DOB || undefined,
        CurrentPassword: emailChanged ? values.CurrentPassword : undefined,
      },
      emailChanged,
    };
    void update.submit(submission, {
      method: 'post',
      encType: 'application/json',
    });
  });

  // docs/requirements.md §8: a failure with a response shows the response's message as the update
  // error.
  const failure = answer?.failure;
  const updateError = failure
    ? failure.status > 0
      ? failure.message
      : 'Your profile could not be saved, please try again.'
    : null;
  const saved = answer && answer !== dismissed ? answer.saved : null;

  return (
    <form noValidate onSubmit={submit} aria-label="Profile" className="account-form">
      {updateError && <Alert severity="error">{updateError}</Alert>}
      {saved && <Alert severity="success">{saved}</Alert>}
      <p className="screen__note">
        Customer reference: <strong>{profile.Reference}</strong>
      </p>
      <div className="account-form__columns">
        <div>
          {fields.Salutation}
          {fields.FirstName}
          {fields.LastName}
          {fields.Email}
          {emailChanged && (
            <PasswordInput
              {...form.text('CurrentPassword')}
              label="Current password (to change your email address)"
              autoComplete="current-password"
            />
          )}
        </div>
        <div>
          {fields.Country}
          {fields.Telephone}
          {fields.DOB}
          {fields.Marketing}
        </div>
      </div>
      <div className="account-form__actions">
        <TextButton
          onClick={() =>
            dialogs.open('forgottenPassword', { email: profile.Email, hideBackToLogin: true })
          }
        >
          Change your password
        </TextButton>
        <BusyButton
          type="submit"
          className="button--contained button--large"
          busy={update.state !== 'idle'}
        >
          Save Profile
        </BusyButton>
      </div>
    </form>
  );
}
