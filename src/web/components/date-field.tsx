import { useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { formatStoredDate, storedToDisplayDate } from '../../shared/dates';
import { validateField } from '../../shared/validation/form';
import type { Rule } from '../../shared/validation/rules';
import { FormField } from './form-fields';
import { DatePickerDialog, type DateView } from './date-picker-dialog';
import { Icon, icons } from './icons';

export interface DateFieldProps {
  /** The date as stored, `yyyy-MM-dd`, or '' for none. */
  value: string;
  /** Called with `yyyy-MM-dd` after OK, or '' after clearing. */
  onChange: (value: string) => void;
  label: ReactNode;
  name?: string;
  id?: string;
  /**
   * Rules checked on the value (docs/requirements.md §5: true or a message); shown once a date was
   * picked.
   */
  rules?: readonly Rule[];
  /** Messages from elsewhere (the form's rules, the server); shown before the rules' own. */
  errorMessages?: string | readonly (string | undefined)[];
  /** Shows the rules' message even before a date was picked (e.g. after the form was sent). */
  validate?: boolean;
  clearable?: boolean;
  /**
   * Earliest and latest choosable dates, `yyyy-MM-dd`; none by default (docs/requirements.md §2).
   */
  min?: string;
  max?: string;
  /** The first view shown: the year list suits a date of birth. */
  openTo?: DateView;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

/**
 * The reusable date field of docs/requirements.md §2: a read-only field showing `dd-MM-yyyy`; a
 * click (or Enter, Space, Alt+Down, or the calendar button) opens a dialog picker 290 px wide with
 * Cancel and OK. OK emits the date as `yyyy-MM-dd`; clearing emits ''. Placeholder 'Pick date'.
 * The field (FormField) and its picker (a native <dialog>, date-picker-dialog.tsx) are plain
 * elements drawn from the design tokens, so the picker opens at once, with no code to fetch.
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
  helperText,
}: DateFieldProps) {
  const autoId = useId();
  const [open, setOpen] = useState(false);
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
  const openPicker = () => {
    if (!disabled) setOpen(true);
  };
  const controlId = id ?? autoId;

  return (
    <>
      <FormField
        id={controlId}
        name={name ?? controlId}
        label={label}
        value={storedToDisplayDate(value) ?? ''}
        placeholder="Pick date"
        shrink
        readOnly
        hasPopup="dialog"
        required={required}
        disabled={disabled}
        error={error !== undefined}
        helperText={error ?? helperText}
        onClick={openPicker}
        onKeyDown={(event: KeyboardEvent) => {
          if (
            event.key === 'Enter' ||
            event.key === ' ' ||
            (event.altKey && event.key === 'ArrowDown')
          ) {
            event.preventDefault();
            openPicker();
          }
        }}
        end={
          <>
            {clearable && value !== '' && !disabled && (
              <button
                type="button"
                className="field__icon-button field__icon-button--small"
                aria-label="Clear date"
                onClick={(event: MouseEvent) => {
                  event.stopPropagation();
                  emit(null);
                }}
              >
                <Icon path={icons.close} size={20} />
              </button>
            )}
            <button
              type="button"
              className="field__icon-button"
              aria-label="Choose date"
              disabled={disabled}
              onClick={(event: MouseEvent) => {
                event.stopPropagation();
                openPicker();
              }}
            >
              <Icon path={icons.calendar} />
            </button>
          </>
        }
      />
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
    </>
  );
}
