import { useId } from 'react';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link as MuiLink,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { AddressChooser } from '../addresses/address-chooser';
import { chooseAddress, useChosenAddresses } from '../addresses/chosen-addresses';

/** Parts of the forms that lead to a payment: the checkout and accepting a quote. */

/** Focuses the first error of a form that refused to send (see FieldErrors and TermsField). */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[data-checkout-error], [aria-invalid="true"]')?.focus(),
  );
}

/** Errors under a part of the page; the first one is focused when the form is refused. */
export function FieldErrors({ messages }: { messages: (string | null | undefined)[] }) {
  const shown = messages.filter((m): m is string => Boolean(m));
  if (shown.length === 0) return null;
  return (
    <FormAlert severity="error" sx={{ mt: 1.5 }} tabIndex={-1} data-checkout-error>
      {shown.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </FormAlert>
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
    <FormControl error={Boolean(error)} required>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            checked={checked}
            onChange={(_event, on) => onChange(on)}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: {
                'aria-invalid': Boolean(error),
                'aria-describedby': error ? errorId : undefined,
              } as object,
            }}
          />
        }
        label={
          <Typography variant="body2">
            I accept the{' '}
            <MuiLink component={Link} to="/terms-and-conditions" target="_blank">
              terms and conditions
            </MuiLink>
          </Typography>
        }
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * The delivery address (limited to the island when one is given) and the billing address, chosen
 * from the address book and kept under DELIVERY and BILLING, each with its errors under it.
 */
export function AddressChoices({
  island,
  errors,
}: {
  island: string | null;
  errors: { delivery: (string | null)[]; billing: (string | null)[] };
}) {
  const { Delivery, Billing } = useChosenAddresses();
  return (
    <>
      <Box>
        <AddressChooser
          type="Delivery"
          label="Delivery address"
          island={island}
          value={Delivery}
          onChange={(address) => chooseAddress('Delivery', address)}
        />
        <FieldErrors messages={errors.delivery} />
      </Box>
      <Box>
        <AddressChooser
          type="Billing"
          label="Billing address"
          value={Billing}
          onChange={(address) => chooseAddress('Billing', address)}
        />
        <FieldErrors messages={errors.billing} />
      </Box>
    </>
  );
}
