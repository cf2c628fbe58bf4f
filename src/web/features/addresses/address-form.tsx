import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  ADDRESS_TYPES,
  addressRules,
  emptyAddressForm,
  parishesOf,
  type AddressField,
  type AddressForm,
  type AddressType,
} from '../../../shared/addresses';
import type { Address } from '../../../shared/api/addresses';
import { COUNTRY_CODES, COUNTRY_OPTIONS } from '../../../shared/countries';
import { ISLANDS } from '../../../shared/islands';
import { validateField } from '../../../shared/validation/form';
import { AppProviders } from '../../components/app-providers';
import { DialogFrame } from '../../components/dialog-frame';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { FormColumns, SelectField, TelephoneField } from '../account/account-fields';
import { useAccountForm } from '../account/use-account-form';
import { useCreateAddress } from './api/create-address';
import { useUpdateAddress } from './api/update-address';

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
}

/**
 * The address dialog with MUI's theme and TanStack Query around it, for a screen drawn without
 * them (the checkout's address chooser loads it when "Add a new address" is first used). The
 * address is created through the Address Book's own mutation, so its list is fetched again.
 */
export default function AddressDialogWithProviders(props: AddressDialogProps) {
  return (
    <AppProviders>
      <AddressDialog {...props} />
    </AppProviders>
  );
}

/** The address form in a dialog: adds an address, or changes one. */
export function AddressDialog({ open, onClose, address, type, ...props }: AddressDialogProps) {
  const kind = address ? 'address' : `${type.toLowerCase()} address`;
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={address ? 'Edit address' : `Add a ${kind}`}
      width={760}
      fullScreenOnPhone
    >
      {open && (
        <AddressFormBody
          key={address?.Id ?? 'new'}
          address={address}
          type={type}
          onClose={onClose}
          {...props}
        />
      )}
    </DialogFrame>
  );
}

function AddressFormBody({
  address,
  type,
  lockType,
  defaults,
  onClose,
  onSaved,
}: Omit<AddressDialogProps, 'open'>) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const saving = address ? update : create;
  const failure = saving.error instanceof ApiError ? saving.error : null;
  // The server's messages for the form's fields show under them; anything else above the form.
  const serverErrors = failure?.body?.errors?.filter((e) => FIELDS.includes(e.field)) ?? [];
  const form = useAccountForm<AddressForm>(
    address ? toForm(address) : { ...emptyAddressForm(type), ...defaults },
    rulesOf,
    serverErrors,
  );
  const { values } = form;
  const delivery = values.Type === 'Delivery';
  const parishes = parishesOf(values.Island);
  const rules = rulesOf(values);
  /** A field is marked required when the form's rules refuse it empty. */
  const required = (field: AddressField) => validateField('', rules[field]) !== undefined;
  const field = (name: AddressField, label: string, autoComplete: string) => (
    <TextField
      {...form.text(name)}
      label={label}
      autoComplete={autoComplete}
      required={required(name)}
      fullWidth
    />
  );

  const submit = form.handleSubmit((next) => {
    const done = { onSuccess: (saved: Address) => onSaved(saved) };
    if (address) update.mutate({ Id: address.Id, address: next }, done);
    else create.mutate(next, done);
  });

  const problem =
    saving.isError && (!failure || !failure.body?.errors?.length)
      ? failure && failure.status !== 401
        ? failure.message
        : 'The address could not be saved, please try again.'
      : null;

  const place = delivery ? (
    <>
      <SelectField
        {...form.text('Island')}
        onChange={(event) => {
          form.text('Island').onChange(event);
          // A parish of the island left behind is no parish of the new one.
          if (!parishesOf(event.target.value).includes(values.Parish)) form.patch({ Parish: '' });
        }}
        options={ISLANDS}
        label="Island"
        required
      />
      {parishes.length > 0 && (
        <SelectField {...form.text('Parish')} options={parishes} label="Parish" required />
      )}
      {field('Town', 'Town or Village', 'address-level2')}
    </>
  ) : (
    <>
      <TextField
        {...form.text('Country')}
        select
        label="Country"
        required
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a country</option>
        {COUNTRY_OPTIONS.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </TextField>
      {field('Town', 'Town or City', 'address-level2')}
      {field('Parish', 'County or State', 'address-level1')}
    </>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={address ? 'Edit address' : 'New address'}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormAlert severity="error">{problem}</FormAlert>
        {!lockType && (
          <FormControl>
            <FormLabel id="address-type-label">Address type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="address-type-label"
              name="Type"
              value={values.Type}
              onChange={(_event, next) => {
                form.setValue('Type', next);
                // A billing address starts in the UK; a delivery address has no county.
                if (next === 'Billing' && !values.Country) form.patch({ Country: 'GB' });
                if (next === 'Billing' && values.Parish) form.patch({ Parish: '' });
                if (next === 'Delivery' && !parishesOf(values.Island).includes(values.Parish)) {
                  form.patch({ Parish: '' });
                }
              }}
            >
              {ADDRESS_TYPES.map((t) => (
                <FormControlLabel key={t} value={t} control={<Radio />} label={t} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <FormColumns
          left={
            <>
              {field('FullName', 'Full Name', 'name')}
              {field('Company', 'Company', 'organization')}
              {field('Line1', 'Address Line 1', 'address-line1')}
              {field('Line2', 'Address Line 2', 'address-line2')}
            </>
          }
          right={
            <>
              {place}
              {field('Postcode', 'Postcode', 'postal-code')}
              <TelephoneField {...form.text('Telephone')} />
            </>
          }
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={saving.isPending}>
            Save Address
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
