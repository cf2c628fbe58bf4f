import type { ReactNode } from 'react';
import { Grid, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import type { SizeField } from '../../../shared/booking-steps';
import { ISLANDS } from '../../../shared/islands';

type Unit = '£' | 'cm' | 'kg';

const measured = (unit: Unit): TextFieldProps['slotProps'] => ({
  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
  input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
});

const UNIT_SLOTS: Record<Unit, TextFieldProps['slotProps']> = {
  '£': {
    htmlInput: { inputMode: 'decimal' },
    input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
  },
  cm: measured('cm'),
  kg: measured('kg'),
};

type Props = TextFieldProps & {
  /** Shown under the field while it has no message to show. */
  hint?: ReactNode;
  /** What the number is in: pounds before it, a measure after it (with the decimal keypad). */
  unit?: Unit;
  /** The keyboard a phone shows (the input's inputMode). */
  keyboard?: 'numeric' | 'url';
};

/**
 * A text field of the booking forms, spread with what lib/use-form.ts binds it with
 * (`{...form.text(name)}`): full width, the field's name as its id unless given another, and a
 * hint under it until there is a message in its place.
 */
export function FormField({ hint, unit, keyboard, helperText, ...props }: Props) {
  return (
    <TextField
      id={props.name}
      fullWidth
      slotProps={unit ? UNIT_SLOTS[unit] : keyboard && { htmlInput: { inputMode: keyboard } }}
      {...props}
      helperText={helperText ?? hint}
    />
  );
}

/** The destination island (required), a native select. */
export function IslandField(props: TextFieldProps) {
  return (
    <FormField
      {...props}
      required
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Choose an island</option>
      {ISLANDS.map((island) => (
        <option key={island} value={island}>
          {island}
        </option>
      ))}
    </FormField>
  );
}

export const SIZE_LABELS: Record<SizeField, string> = {
  length: 'Length',
  width: 'Width',
  height: 'Height',
  weight: 'Weight',
};

/** The parcel's three sides in cm and its weight in kg, side by side, as one labelled group. */
export function SizeFields({
  field,
  labelledBy,
  required,
}: {
  /** A field's bound props (with its id). */
  field: (name: SizeField) => TextFieldProps;
  labelledBy: string;
  required?: boolean;
}) {
  return (
    <Grid container spacing={2} role="group" aria-labelledby={labelledBy}>
      {(['length', 'width', 'height', 'weight'] as const).map((name) => (
        <Grid key={name} size={{ xs: 6, sm: 3 }}>
          <FormField
            {...field(name)}
            label={SIZE_LABELS[name]}
            required={required}
            unit={name === 'weight' ? 'kg' : 'cm'}
          />
        </Grid>
      ))}
    </Grid>
  );
}
