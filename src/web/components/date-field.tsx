import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { formatStoredDate, storedToDisplayDate } from '../../shared/dates';
import { validateField } from '../../shared/validation/form';
import type { Rule } from '../../shared/validation/rules';
import { CalendarIcon, CloseIcon } from './mui-icons';

/** The picker (MUI X and date-fns, some 47 KB gzipped): loaded when the dialog is first opened. */
const DatePickerDialog = lazy(() => import('./date-picker-dialog'));

export interface DateFieldProps {
  /** The date as stored, `yyyy-MM-dd`, or '' for none. */
  value: string;
  /** Called with `yyyy-MM-dd` after OK, or '' after clearing. */
  onChange: (value: string) => void;
  label: ReactNode;
  name?: string;
  id?: string;
  /** Rules checked on the value (SPEC section 5: true or a message); shown once a date was picked. */
  rules?: readonly Rule[];
  /** Messages from elsewhere (the form's rules, the server); shown before the rules' own. */
  errorMessages?: string | readonly (string | undefined)[];
  /** Shows the rules' message even before a date was picked (e.g. after the form was sent). */
  validate?: boolean;
  clearable?: boolean;
  /** Earliest and latest choosable dates, `yyyy-MM-dd`; none by default (SPEC section 2). */
  min?: string;
  max?: string;
  /** The first view shown: the year list suits a date of birth. */
  openTo?: 'day' | 'month' | 'year';
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  helperText?: ReactNode;
}

/**
 * The reusable date field of SPEC section 2: a read-only text field showing `dd-MM-yyyy`; a click
 * (or Enter, Space, Alt+Down) opens a dialog picker 290 px wide with Cancel and OK. OK emits the
 * date as `yyyy-MM-dd`; clearing emits ''. Placeholder 'Pick date'.
 */
export function DateField({
  value,
  onChange,
  label,
  name,
  id,
  rules,
  errorMessages,
  validate = false,
  clearable = false,
  min,
  max,
  openTo = 'day',
  required,
  disabled,
  fullWidth = true,
  helperText,
}: DateFieldProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog's closing transition still plays.
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState(false);

  const external = (typeof errorMessages === 'string' ? [errorMessages] : (errorMessages ?? []))
    .filter((message): message is string => !!message)
    .at(0);
  const own = rules && (picked || validate) ? validateField(value, rules) : undefined;
  const error = external ?? own;

  const emit = (date: Date | null) => {
    setPicked(true);
    onChange(date ? formatStoredDate(date) : '');
  };

  return (
    <>
      <ReadOnlyField
        label={label}
        name={name}
        id={id}
        displayValue={storedToDisplayDate(value) ?? ''}
        error={error !== undefined}
        helperText={error ?? helperText}
        required={required}
        fullWidth={fullWidth}
        disabled={disabled}
        clearable={clearable && value !== ''}
        onClear={() => emit(null)}
        onOpen={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <DatePickerDialog
            open={open}
            value={value}
            onAccept={emit}
            onClose={() => setOpen(false)}
            clearable={clearable}
            min={min}
            max={max}
            openTo={openTo}
          />
        </Suspense>
      )}
    </>
  );
}

interface ReadOnlyFieldProps {
  label: ReactNode;
  name?: string;
  id?: string;
  displayValue: string;
  error: boolean;
  helperText: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  clearable: boolean;
  onClear: () => void;
  onOpen: () => void;
}

/** The field: a plain read-only TextField that opens the picker's dialog. */
function ReadOnlyField({
  label,
  name,
  id,
  displayValue,
  error,
  helperText,
  required,
  fullWidth,
  disabled,
  clearable,
  onClear,
  onOpen,
}: ReadOnlyFieldProps) {
  const open = () => {
    if (!disabled) onOpen();
  };
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      value={displayValue}
      placeholder="Pick date"
      required={required}
      fullWidth={fullWidth}
      disabled={disabled}
      error={error}
      helperText={helperText}
      onClick={open}
      onKeyDown={(event) => {
        if (
          event.key === 'Enter' ||
          event.key === ' ' ||
          (event.altKey && event.key === 'ArrowDown')
        ) {
          event.preventDefault();
          open();
        }
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { readOnly: true, 'aria-haspopup': 'dialog', style: { cursor: 'pointer' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {clearable && (
                <IconButton
                  aria-label="Clear date"
                  edge="end"
                  size="small"
                  onClick={(event: MouseEvent) => {
                    event.stopPropagation();
                    onClear();
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
              <IconButton
                aria-label="Choose date"
                edge="end"
                disabled={disabled}
                onClick={(event: MouseEvent) => {
                  event.stopPropagation();
                  open();
                }}
              >
                <CalendarIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
