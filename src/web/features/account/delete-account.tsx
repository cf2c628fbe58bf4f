import { useEffect } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { deleteConfirmation, required } from '../../../shared/validation/rules';
import { Alert, BusyButton } from '../../components/plain-controls';
import { answerMessage, type Failure } from '../../lib/route-data';
import { useForm } from '../../lib/use-form';
import { FormField } from '../../components/form-fields';
import { PasswordInput } from './account-inputs';
import { clearCustomerData } from './session-actions';
import '../../styles/account-screens.css';

/** What the route's action answers: deleted (no failure), or why not. */
export type DeleteAccountAnswer = { failure: Failure | null };

/**
 * Account deletion (/dashboard/delete-account/): the customer types DELETE to confirm
 * (docs/requirements.md §5) and gives their password again (a borrowed session alone cannot
 * delete); the route's action deletes the account, then this browser forgets everything and the
 * visitor lands home.
 */
export function DeleteAccountPage() {
  const form = useForm({ confirm: '', CurrentPassword: '' }, () => ({
    confirm: [deleteConfirmation],
    CurrentPassword: [required],
  }));
  const navigate = useNavigate();
  const deletion = useFetcher<DeleteAccountAnswer>();
  const answer = deletion.state === 'idle' ? deletion.data : undefined;
  const failure = answer?.failure;
  useEffect(() => {
    if (answer?.failure !== null) return;
    // Here, not in the action: forgetting the customer ends this page (the dashboard asks to log
    // in), and with it the fetcher, whose redirect would then be dropped.
    clearCustomerData();
    navigate('/');
  }, [answer, navigate]);

  const submit = form.handleSubmit((values) => {
    void deletion.submit({ CurrentPassword: values.CurrentPassword }, { method: 'post' });
  });

  return (
    <div className="screen screen--narrow">
      <h1>Delete Account</h1>
      <p>
        Deleting your account removes your personal details and saved addresses, and logs you out
        everywhere. Your customer reference and UK shipping address stop working, so parcels sent to
        it afterwards cannot be matched to you. We keep the records of paid orders the law requires,
        without your personal details.
      </p>
      <p>This cannot be undone.</p>
      <form noValidate onSubmit={submit} aria-label="Delete account" className="screen">
        {failure && (
          <Alert severity="error">
            {answerMessage(failure, 'Your account could not be deleted, please try again.')}
          </Alert>
        )}
        <PasswordInput
          {...form.text('CurrentPassword')}
          label="Your current password"
          autoComplete="current-password"
        />
        <FormField
          {...form.text('confirm')}
          label="Type DELETE to confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className="screen__actions">
          <BusyButton
            type="submit"
            className="button--contained button--danger button--large"
            busy={deletion.state !== 'idle'}
          >
            Delete my account
          </BusyButton>
          <Link to="/dashboard/" className="button button--large">
            Keep my account
          </Link>
        </div>
      </form>
    </div>
  );
}
