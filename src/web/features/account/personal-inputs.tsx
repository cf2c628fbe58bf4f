import { ISLANDS } from '../../../shared/islands';
import { SALUTATIONS } from '../../../shared/salutations';
import { DateField, type DateFieldProps } from '../../components/date-field';
import { Choice } from '../../components/plain-controls';
import { FormField, type FieldProps } from '../../components/form-fields';
import { EmailInput } from './account-inputs';

/** What the personal fields need of their form (lib/use-form.ts). */
interface PersonalForm {
  text: (
    field: 'Salutation' | 'FirstName' | 'LastName' | 'Email' | 'Telephone' | 'Country',
  ) => Omit<FieldProps, 'label'>;
  date: (field: 'DOB') => Pick<DateFieldProps, 'name' | 'value' | 'onChange' | 'errorMessages'>;
  values: { Marketing: boolean };
  setValue: (field: 'Marketing', value: boolean) => void;
}

/**
 * The personal details a customer gives on registering (and changes on the profile page), each
 * field with its label (docs/requirements.md §2) and autocomplete, on native inputs and selects.
 */
export function personalInputs(form: PersonalForm) {
  return {
    Salutation: (
      <FormField {...form.text('Salutation')} label="Title" select>
        <option value="">None</option>
        {SALUTATIONS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </FormField>
    ),
    FirstName: (
      <FormField
        {...form.text('FirstName')}
        label="First Name"
        autoComplete="given-name"
        required
      />
    ),
    LastName: (
      <FormField {...form.text('LastName')} label="Last Name" autoComplete="family-name" required />
    ),
    Email: <EmailInput {...form.text('Email')} />,
    Telephone: (
      <FormField {...form.text('Telephone')} label="Telephone" type="tel" autoComplete="tel" />
    ),
    DOB: <DateField {...form.date('DOB')} label="Date of Birth" clearable openTo="year" />,
    Country: (
      <FormField {...form.text('Country')} label="Island of Residence" select required>
        <option value="" disabled>
          Choose an island
        </option>
        {ISLANDS.map((island) => (
          <option key={island} value={island}>
            {island}
          </option>
        ))}
      </FormField>
    ),
    Marketing: (
      <Choice
        name="Marketing"
        role="switch"
        checked={form.values.Marketing}
        onChange={(event) => form.setValue('Marketing', event.target.checked)}
        label="Send me news and offers by email"
      />
    ),
  };
}
