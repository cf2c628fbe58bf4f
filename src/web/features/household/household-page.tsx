import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Household, HouseholdMember } from '../../../shared/api/household';
import { HOUSEHOLD_NAME_MAX, HOUSEHOLD_NAME_RULES } from '../../../shared/household';
import { Icon, icons } from '../../components/icons';
import { Alert, BusyButton, Spinner } from '../../components/plain-controls';
import { PlainDialog } from '../../components/plain-dialog';
import { answerMessage, type Failure, type Loaded, useSessionData } from '../../lib/route-data';
import { useForm } from '../../lib/use-form';
import { FormField } from '../../components/form-fields';
import '../../styles/account-screens.css';
import '../../styles/household.css';

/** What the Household page's route sends its action (routes/dashboard-household.tsx). */
export type HouseholdSubmission =
  { intent: 'add'; FirstName: string; LastName: string } | { intent: 'remove'; Id: number };
/** What the action answers: which change, and why it failed (null: done). */
export type HouseholdAnswer = { intent: HouseholdSubmission['intent']; failure: Failure | null };

const NAME_RULES = { FirstName: HOUSEHOLD_NAME_RULES, LastName: HOUSEHOLD_NAME_RULES };
const EMPTY = { FirstName: '', LastName: '' };

/**
 * Household (/dashboard/household/, decision 0037): the people who live with the customer and may
 * have parcels sent to the depot in their own name with the customer's reference; each shows
 * how to address a parcel to them. Added with a short form (the same name rules as the server),
 * removed after a confirmation; the route's loader reads the list again after each change.
 */
export function HouseholdPage(props: { household: Loaded<Household> }) {
  const household = useSessionData(props.household);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<HouseholdMember | null>(null);
  const data = household.data;
  const full = data ? data.Members.length >= data.Limit : false;

  return (
    <div className="screen screen--narrow">
      <h1>Household</h1>
      <p className="screen__muted">
        Name the people who live with you, up to {data?.Limit ?? '…'}. Parcels they address to
        themselves at your UK shipping address, with your customer reference, come to your account
        like your own.
      </p>
      <Alert severity="success">{notice}</Alert>
      {household.failure && (
        <Alert severity="error">Your household could not be loaded, please try again.</Alert>
      )}
      {!data && !household.failure && (
        <div className="screen__loading">
          <Spinner label="Loading your household" />
        </div>
      )}
      {data && data.Members.length === 0 && <p>Nobody else is named on your account yet.</p>}
      {data && data.Members.length > 0 && (
        <ul className="household" aria-label="Your household">
          {data.Members.map((member) => (
            <li key={member.Id} className="card household__member">
              <div>
                <p className="household__name">{member.FullName}</p>
                <p className="screen__note">
                  Address parcels to: <strong>{member.FullName}</strong>, Ref{' '}
                  <strong>{data.Reference}</strong>
                </p>
              </div>
              <button
                type="button"
                className="button button--danger"
                aria-label={`Remove ${member.FullName}`}
                onClick={() => {
                  setNotice(null);
                  setRemoving(member);
                }}
              >
                <Icon path={icons.removePerson} size={20} />
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {data &&
        (full ? (
          <p className="screen__muted" data-testid="household-full">
            Your household is full ({data.Limit} people). Remove someone to name another.
          </p>
        ) : (
          <AddMember onAdded={(name) => setNotice(`${name} has been added to your household.`)} />
        ))}
      <RemoveDialog
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(name) => {
          setNotice(`${name} has been removed from your household.`);
          setRemoving(null);
        }}
      />
    </div>
  );
}

function AddMember({ onAdded }: { onAdded(name: string): void }) {
  const add = useFetcher<HouseholdAnswer>();
  const answer = add.state === 'idle' ? add.data : undefined;
  const form = useForm(EMPTY, () => NAME_RULES, {
    serverErrors: answer?.failure?.errors ?? [],
  });
  const [sent, setSent] = useState('');

  useEffect(() => {
    if (answer?.intent !== 'add' || answer.failure) return;
    form.reset(EMPTY);
    onAdded(sent);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const submit = form.handleSubmit((values) => {
    setSent(`${values.FirstName.trim()} ${values.LastName.trim()}`);
    const submission: HouseholdSubmission = { intent: 'add', ...values };
    void add.submit(submission, { method: 'post', encType: 'application/json' });
  });
  const failure = answer?.failure;
  const refused =
    failure && failure.errors.length === 0
      ? answerMessage(failure, 'The person could not be added, please try again.')
      : null;

  return (
    <form noValidate onSubmit={submit} aria-label="Add a person" className="account-form">
      <h2 className="household__heading">Add a person</h2>
      {refused && <Alert severity="error">{refused}</Alert>}
      <div className="household__fields">
        <FormField
          {...form.text('FirstName')}
          label="First Name"
          autoComplete="off"
          maxLength={HOUSEHOLD_NAME_MAX + 10}
          required
        />
        <FormField
          {...form.text('LastName')}
          label="Last Name"
          autoComplete="off"
          maxLength={HOUSEHOLD_NAME_MAX + 10}
          required
        />
      </div>
      <div>
        <BusyButton type="submit" className="button--contained" busy={add.state !== 'idle'}>
          Add to household
        </BusyButton>
      </div>
    </form>
  );
}

function RemoveDialog({
  member,
  onClose,
  onRemoved,
}: {
  member: HouseholdMember | null;
  onClose(): void;
  onRemoved(name: string): void;
}) {
  return (
    <PlainDialog
      open={member !== null}
      onClose={onClose}
      title="Remove from your household?"
      width={500}
    >
      {member && (
        <RemoveConfirmation
          key={member.Id}
          member={member}
          onClose={onClose}
          onRemoved={onRemoved}
        />
      )}
    </PlainDialog>
  );
}

function RemoveConfirmation({
  member,
  onClose,
  onRemoved,
}: {
  member: HouseholdMember;
  onClose(): void;
  onRemoved(name: string): void;
}) {
  const remove = useFetcher<HouseholdAnswer>();
  const answer = remove.state === 'idle' ? remove.data : undefined;
  useEffect(() => {
    if (answer?.failure === null) onRemoved(member.FullName);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  return (
    <div className="screen">
      {answer?.failure && (
        <Alert severity="error">
          {answerMessage(answer.failure, 'The person could not be removed, please try again.')}
        </Alert>
      )}
      <p>
        <strong>{member.FullName}</strong> is no longer named on your account: parcels addressed to
        them from now on are not received onto it. Parcels we have already received for them stay on
        your account.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <BusyButton
          className="button--contained button--danger"
          busy={remove.state !== 'idle'}
          onClick={() => {
            const submission: HouseholdSubmission = { intent: 'remove', Id: member.Id };
            void remove.submit(submission, { method: 'post', encType: 'application/json' });
          }}
        >
          Remove
        </BusyButton>
      </div>
    </div>
  );
}
