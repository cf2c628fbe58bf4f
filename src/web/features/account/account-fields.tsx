import type { ReactNode } from 'react';
import {
  Box,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
  type SwitchProps,
  type SxProps,
  type TextFieldProps,
  type Theme,
} from '@mui/material';
import { ISLANDS } from '../../../shared/islands';
import { SALUTATIONS } from '../../../shared/salutations';
import { DateField, type DateFieldProps } from '../../components/date-field';

/** The account forms' two columns, one above the other on narrower screens. */
export function FormColumns({
  left,
  right,
  sx,
}: {
  left: ReactNode;
  right: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Grid container columnSpacing={3} rowSpacing={2} sx={sx}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>{left}</Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>{right}</Stack>
      </Grid>
    </Grid>
  );
}

/** A MUI select of text options, each shown as it is. */
export function SelectField({
  options,
  ...props
}: TextFieldProps & { options: readonly string[] }) {
  return (
    <TextField select fullWidth {...props}>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A telephone number field. */
export function TelephoneField(props: TextFieldProps) {
  return <TextField label="Telephone" type="tel" autoComplete="tel" fullWidth {...props} />;
}

/** The e-mail field of the account forms. */
export function EmailField(props: TextFieldProps) {
  return (
    <TextField label="Email" type="email" autoComplete="email" required fullWidth {...props} />
  );
}

type PersonalTextField =
  'Salutation' | 'FirstName' | 'LastName' | 'Email' | 'Telephone' | 'Country';

/** What the personal fields need of their form (use-account-form.ts). */
interface PersonalForm {
  text: (field: PersonalTextField) => TextFieldProps;
  date: (field: 'DOB') => Pick<DateFieldProps, 'name' | 'value' | 'onChange' | 'errorMessages'>;
  check: (field: 'Marketing') => SwitchProps;
}

/**
 * The personal details a customer gives on registering and changes on the profile page, each
 * field with its label (SPEC section 2) and autocomplete. The two forms lay them out differently.
 */
export function personalFields(form: PersonalForm) {
  return {
    Salutation: (
      <TextField {...form.text('Salutation')} select label="Title" fullWidth>
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {SALUTATIONS.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
    ),
    FirstName: (
      <TextField
        {...form.text('FirstName')}
        label="First Name"
        autoComplete="given-name"
        required
        fullWidth
      />
    ),
    LastName: (
      <TextField
        {...form.text('LastName')}
        label="Last Name"
        autoComplete="family-name"
        required
        fullWidth
      />
    ),
    Email: <EmailField {...form.text('Email')} />,
    Telephone: <TelephoneField {...form.text('Telephone')} />,
    DOB: <DateField {...form.date('DOB')} label="Date of Birth" clearable openTo="year" />,
    Country: (
      <SelectField
        {...form.text('Country')}
        options={ISLANDS}
        label="Island of Residence"
        required
      />
    ),
    Marketing: (
      <Box>
        <FormControlLabel
          control={<Switch {...form.check('Marketing')} />}
          label="Send me news and offers by email"
        />
      </Box>
    ),
  };
}
