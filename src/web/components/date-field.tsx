import { useState, type MouseEvent, type ReactNode } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useForkRef } from '@mui/material/utils';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { MobileDatePicker } from '@mui/x-date-pickers/MobileDatePicker';
import type { DatePickerFieldProps } from '@mui/x-date-pickers/DatePicker';
import { usePickerContext } from '@mui/x-date-pickers/hooks';
import { addYears, subYears } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import {
  DISPLAY_DATE_FORMAT,
  formatStoredDate,
  parseStoredDate,
  storedToDisplayDate,
} from '../../shared/dates';
import { validateField } from '../../shared/validation/form';
import type { Rule } from '../../shared/validation/rules';
import { CalendarIcon, CloseIcon } from './mui-icons';

/** SPEC section 9: the date dialog is 290 px wide. */
export const DATE_DIALOG_WIDTH = 290;
/** SPEC section 2: the year list spans 100 years either side (of today). */
export const DATE_YEAR_SPAN = 100;

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
  const committed = parseStoredDate(value);
  // The picker shows the day being chosen; the field and the form only learn it on OK.
  const [draft, setDraft] = useState<Date | null>(committed);
  const [lastValue, setLastValue] = useState(value);
  const [picked, setPicked] = useState(false);
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(committed);
  }

  const today = new Date();
  const minDate = (min && parseStoredDate(min)) || subYears(today, DATE_YEAR_SPAN);
  const maxDate = (max && parseStoredDate(max)) || addYears(today, DATE_YEAR_SPAN);

  const external = (typeof errorMessages === 'string' ? [errorMessages] : (errorMessages ?? []))
    .filter((message): message is string => !!message)
    .at(0);
  const own = rules && (picked || validate) ? validateField(value, rules) : undefined;
  const error = external ?? own;

  const emit = (date: Date | null) => {
    setPicked(true);
    onChange(date ? formatStoredDate(date) : '');
  };

  const fieldProps: ReadOnlyFieldProps = {
    label,
    name,
    id,
    displayValue: storedToDisplayDate(value) ?? '',
    error: error !== undefined,
    helperText: error ?? helperText,
    required,
    fullWidth,
    clearable: clearable && value !== '',
    onClear: () => emit(null),
  };

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={enGB}
      localeText={{ okButtonLabel: 'OK', cancelButtonLabel: 'Cancel', clearButtonLabel: 'Clear' }}
    >
      <MobileDatePicker
        value={draft}
        onChange={(date) => setDraft(date)}
        onAccept={(date) => emit(date && !Number.isNaN(date.getTime()) ? date : null)}
        format={DISPLAY_DATE_FORMAT}
        minDate={minDate}
        maxDate={maxDate}
        openTo={openTo}
        views={['year', 'month', 'day']}
        disabled={disabled}
        slots={{ field: ReadOnlyField }}
        slotProps={{
          field: fieldProps as DatePickerFieldProps & ReadOnlyFieldProps,
          actionBar: {
            actions: clearable ? ['clear', 'cancel', 'accept'] : ['cancel', 'accept'],
          },
          dialog: {
            sx: {
              '& .MuiDialog-paper': { minWidth: DATE_DIALOG_WIDTH, width: DATE_DIALOG_WIDTH },
            },
          },
          layout: {
            sx: {
              width: DATE_DIALOG_WIDTH,
              minWidth: 0,
              '& .MuiDateCalendar-root, & .MuiYearCalendar-root, & .MuiMonthCalendar-root': {
                width: DATE_DIALOG_WIDTH,
                maxWidth: DATE_DIALOG_WIDTH,
              },
              '& .MuiPickersCalendarHeader-root': { pl: 2, pr: 1 },
              '& .MuiPickersToolbar-root': { px: 2 },
            },
          },
        }}
      />
    </LocalizationProvider>
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
  clearable: boolean;
  onClear: () => void;
}

/** The field slot: a plain read-only TextField that opens the picker's dialog. */
function ReadOnlyField(props: DatePickerFieldProps & ReadOnlyFieldProps) {
  const {
    label,
    name,
    id,
    displayValue,
    error,
    helperText,
    required,
    fullWidth,
    clearable,
    onClear,
  } = props;
  const picker = usePickerContext();
  const ref = useForkRef(picker.triggerRef, picker.rootRef);
  const open = () => {
    if (!picker.disabled && !picker.readOnly) picker.setOpen(true);
  };
  return (
    <TextField
      ref={ref}
      id={id}
      name={name}
      label={label}
      value={displayValue}
      placeholder="Pick date"
      required={required}
      fullWidth={fullWidth}
      disabled={picker.disabled}
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
                disabled={picker.disabled}
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
