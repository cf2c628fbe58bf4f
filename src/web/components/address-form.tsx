import { useEffect, useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useFetcher } from 'react-router';
import {
  ADDRESS_TYPES,
  addressRules,
  emptyAddressForm,
  parishesOf,
  type AddressField,
  type AddressForm,
  type AddressType,
} from '../../shared/addresses';
import type { Address } from '../../shared/api/addresses';
import { COUNTRY_CODES } from '../../shared/country-codes';
import { countryOptions } from '../../shared/countries';
import { validateField } from '../../shared/validation/form';
import { PlainDialog } from './plain-dialog';
import { Alert, Choice, ChoiceGroup, Spinner } from './plain-controls';
import { answerMessage } from '../lib/route-data';
import { FormField, IslandField } from './form-fields';
import { useForm } from '../lib/use-form';
import type { AddressAnswer, AddressSubmission } from '../lib/save-address';
import './address-form.css';

const FIELDS: readonly string[] = Object.keys(emptyAddressForm('Delivery'));

/** A saved address as the form's text. */
const toForm = (address: Address): AddressForm => ({
  Type: address.Type,
  FullName: address.FullName,
  Company: address.Company,
  Line1: address.Line1,
  Line2: address.Line2,
  Town: address.Town,
  Parish: address.Parish,
  Island: address.Island ?? '',
  Country: address.Country,
  Postcode: address.Postcode,
  Telephone: address.Telephone,
});

const rulesOf = (form: AddressForm) => addressRules(form, COUNTRY_CODES);

export interface AddressDialogProps {
  open: boolean;
  onClose(): void;
  /** The address to change; without one, a new address is added. */
  address?: Address | null;
  /** The type of a new address. */
  type: AddressType;
  /** A new address keeps `type` (the checkout's chooser asks for one kind). */
  lockType?: boolean;
  /** Values a new address starts with (the checkout's island). */
  defaults?: Partial<AddressForm>;
  /** Hears the saved address once the server has it. */
  onSaved(address: Address): void;
  /** The dialog's id, for a button that opens it with no script (components/plain-dialog.tsx). */
  id?: string;
  /** Told when the browser opened the dialog itself (a `commandfor` button). */
  onOpen?: () => void;
}

/**
 * The address form in a dialog (a native <dialog>, plain fields and native selects): adds an
 * address, or changes one. The Address Book and the checkout's and quote's choosers open it; the
 * choosers load it when "Add a new address" is first reached for (it brings the country list).
 */
export default function AddressDialog({
  open,
  onClose,
  address,
  type,
  id,
  onOpen,
  ...props
}: AddressDialogProps) {
  const kind = address ? 'address' : `${type.toLowerCase()} address`;
  // Counts the closings: the next opening starts from a fresh form.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setOpenings(openings + 1);
  }
  // Drawn at the end of the body: a chooser sits inside the checkout's own form, and a form may
  // not be inside another.
  return createPortal(
    <PlainDialog
      id={id}
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      title={address ? 'Edit address' : `Add a ${kind}`}
      width={760}
    >
      {/* Drawn while closed too, so opening only shows it; a fresh form at each opening. */}
      <AddressFormBody
        key={`${address?.Id ?? 'new'}:${type}:${openings}`}
        address={address}
        type={type}
        onClose={onClose}
        {...props}
      />
    </PlainDialog>,
    document.body,
  );
}

export { AddressDialog };

function AddressFormBody({
  address,
  type,
  lockType,
  defaults,
  onClose,
  onSaved,
}: Omit<AddressDialogProps, 'open'>) {
  // Sent to the action of the screen the dialog is on (save-address.ts).
  const saving = useFetcher<AddressAnswer>();
  const sending = saving.state !== 'idle';
  const answer = sending ? undefined : saving.data;
  useEffect(() => {
    if (answer?.saved) onSaved(answer.saved);
    // Once per answer: the caller's function is new at each of its renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const typeId = useId();
  // Each form's own ids: a page may hold two (the checkout's delivery and billing choosers).
  const idPrefix = useId();
  const failure = answer?.failure ?? null;
  // The server's messages for the form's fields show under them; anything else above the form.
  const serverErrors = failure?.errors.filter((e) => FIELDS.includes(e.field)) ?? [];
  const form = useForm<AddressForm>(
    address ? toForm(address) : { ...emptyAddressForm(type), ...defaults },
    rulesOf,
    { serverErrors },
  );
  const { values } = form;
  const delivery = values.Type === 'Delivery';
  const parishes = parishesOf(values.Island);
  const rules = rulesOf(values);
  /** A field is marked required when the form's rules refuse it empty. */
  const required = (field: AddressField) => validateField('', rules[field]) !== undefined;
  const field = (name: AddressField, label: string, autoComplete: string) => (
    <FormField
      {...form.text(name)}
      id={`${idPrefix}-${name}`}
      label={label}
      autoComplete={autoComplete}
      required={required(name)}
    />
  );

  const send = form.handleSubmit((next) => {
    const submission: AddressSubmission = {
      intent: 'save-address',
      Id: address?.Id,
      address: next,
    };
    void saving.submit(submission, { method: 'post', encType: 'application/json' });
  });

  // The page's own form (the checkout's, around the chooser) does not hear this one's submit.
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    send(event);
  };

  const problem =
    failure && failure.errors.length === 0
      ? answerMessage(failure, 'The address could not be saved, please try again.')
      : null;

  const place = delivery ? (
    <>
      <IslandField
        {...form.text('Island')}
        id={`${idPrefix}-Island`}
        label="Island"
        onChange={(event) => {
          form.text('Island').onChange(event);
          // A parish of the island left behind is no parish of the new one.
          if (!parishesOf(event.target.value).includes(values.Parish)) form.patch({ Parish: '' });
        }}
      />
      {parishes.length > 0 && (
        <FormField
          {...form.text('Parish')}
          id={`${idPrefix}-Parish`}
          label="Parish"
          required
          select
        >
          <option value="">Choose a parish</option>
          {parishes.map((parish) => (
            <option key={parish} value={parish}>
              {parish}
            </option>
          ))}
        </FormField>
      )}
      {field('Town', 'Town or Village', 'address-level2')}
    </>
  ) : (
    <>
      <FormField
        {...form.text('Country')}
        id={`${idPrefix}-Country`}
        label="Country"
        required
        select
        autoComplete="country"
      >
        <option value="">Choose a country</option>
        {countryOptions().map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </FormField>
      {field('Town', 'Town or City', 'address-level2')}
      {field('Parish', 'County or State', 'address-level1')}
    </>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={address ? 'Edit address' : 'New address'}
      className="address-form"
    >
      <Alert severity="error">{problem}</Alert>
      {!lockType && (
        <ChoiceGroup legend="Address type" id={typeId} className="address-form__type">
          {ADDRESS_TYPES.map((t) => (
            <Choice
              key={t}
              type="radio"
              name="Type"
              value={t}
              label={t}
              checked={values.Type === t}
              onChange={() => {
                form.setValue('Type', t);
                // A billing address starts in the UK; a delivery address has no county.
                if (t === 'Billing' && !values.Country) form.patch({ Country: 'GB' });
                if (t === 'Billing' && values.Parish) form.patch({ Parish: '' });
                if (t === 'Delivery' && !parishesOf(values.Island).includes(values.Parish)) {
                  form.patch({ Parish: '' });
                }
              }}
            />
          ))}
        </ChoiceGroup>
      )}
      <div className="address-form__columns">
        <div className="address-form__column">
          {field('FullName', 'Full Name', 'name')}
          {field('Company', 'Company', 'organization')}
          {field('Line1', 'Address Line 1', 'address-line1')}
          {field('Line2', 'Address Line 2', 'address-line2')}
        </div>
        <div className="address-form__column">
          {place}
          {field('Postcode', 'Postcode', 'postal-code')}
          <FormField
            {...form.text('Telephone')}
            id={`${idPrefix}-Telephone`}
            label="Telephone"
            type="tel"
            autoComplete="tel"
          />
        </div>
      </div>
      <div className="address-form__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--contained"
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending && <Spinner />}
          Save Address
        </button>
      </div>
    </form>
  );
}
