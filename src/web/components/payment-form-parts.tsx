import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../shared/checkout-messages';
import { MESSAGES } from '../../shared/validation/messages';
import { Alert, Choice, FieldError } from './plain-controls';
import { focusFirstError } from '../lib/focus';
import { AddressChooser } from './address-chooser';
import type { ChooserLists } from '../lib/chooser-lists';
import { chooseAddress, useChosenAddresses } from '../lib/chosen-addresses';
import '../styles/checkout.css';

/**
 * Parts of the forms that lead to a payment: the checkout and accepting a quote. Plain elements
 * (checkout.css), which the quote's page shows alike.
 */

/**
 * What every form that leads to a payment asks for: the chosen delivery and billing addresses
 * (kept under DELIVERY and BILLING) and the terms accepted, each with its message once a send has
 * been tried. `send` marks the send as tried and gives the addresses when the form may go (and
 * `ready`, what else the form needs, holds); otherwise null, with the focus on the first problem.
 */
export function usePaymentChoices() {
  const { Delivery: delivery, Billing: billing } = useChosenAddresses();
  const [accepted, setAccepted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const missing = {
    delivery: delivery ? null : CHECKOUT_MESSAGES.notADeliveryAddress,
    billing: billing ? null : CHECKOUT_MESSAGES.notABillingAddress,
    terms: accepted ? null : MESSAGES.required,
  };
  return {
    accepted,
    setAccepted,
    attempted,
    /** The message for a choice still missing, once a send has been tried. */
    shown: (key: keyof typeof missing) => (attempted ? missing[key] : null),
    send(form: HTMLFormElement | null, ready = true) {
      setAttempted(true);
      if (delivery && billing && accepted && ready) return { delivery, billing };
      focusFirstError(form);
      return null;
    },
  };
}

/** Errors under a part of the page; the first one is focused when the form is refused. */
export function FieldErrors({ messages }: { messages: (string | null | undefined)[] }) {
  const shown = messages.filter((m): m is string => Boolean(m));
  if (shown.length === 0) return null;
  return (
    <Alert severity="error" className="field-errors" tabIndex={-1} data-form-error>
      {shown.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}

/** "I accept the terms and conditions", with the reason it is needed under it. */
export function TermsField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Why the form cannot go on without it, or null. */
  error: string | null | undefined;
}) {
  const errorId = useId();
  return (
    <div className="terms-field">
      <Choice
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        label={
          <>
            I accept the{' '}
            <Link to="/terms-and-conditions" target="_blank">
              terms and conditions
            </Link>
          </>
        }
      />
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}

/**
 * The delivery address (limited to the island when one is given) and the billing address, chosen
 * from the address book and kept under DELIVERY and BILLING, each with its errors under it.
 */
export function AddressChoices({
  choosers,
  island,
  errors,
}: {
  /** The choosers' lists, as the screen's loader read them. */
  choosers: ChooserLists;
  island: string | null;
  errors: { delivery: (string | null)[]; billing: (string | null)[] };
}) {
  const { Delivery, Billing } = useChosenAddresses();
  return (
    <>
      <div>
        <AddressChooser
          type="Delivery"
          list={choosers.Delivery}
          label="Delivery address"
          island={island}
          value={Delivery}
          onChange={(address) => chooseAddress('Delivery', address)}
        />
        <FieldErrors messages={errors.delivery} />
      </div>
      <div>
        <AddressChooser
          type="Billing"
          list={choosers.Billing}
          label="Billing address"
          value={Billing}
          onChange={(address) => chooseAddress('Billing', address)}
        />
        <FieldErrors messages={errors.billing} />
      </div>
    </>
  );
}
