import {
  useEffect,
  useEffectEvent,
  useRef,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { SizeField } from '../../shared/booking-steps';
import { ISLANDS } from '../../shared/islands';
// booking.css is the booking screens' shared sheet: imported here as well, it stays in the site's
// shell stylesheet, before base.css, as before the split (see its comments).
import '../styles/booking.css';
import './form-fields.css';
import { Icon, icons } from './icons';

type Unit = '£' | 'cm' | 'kg';

export interface FieldProps {
  name: string;
  /** The control's id; the field's name when not given. */
  id?: string;
  label: ReactNode;
  value: string;
  /** Optional only for a read-only field (the date field). */
  onChange?: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
  onBlur?: () => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** Whether `helperText` is an error (useForm's `text()` gives both). */
  error?: boolean;
  helperText?: ReactNode;
  /** Shown under the field while it has no message to show. */
  hint?: ReactNode;
  /** What the number is in: pounds before it, a measure after it (with the decimal keypad). */
  unit?: Unit;
  /** The input's type (text unless said: a search box, the account forms' e-mail, password, telephone). */
  type?: 'text' | 'search' | 'email' | 'password' | 'tel';
  /** The most characters the field takes. */
  maxLength?: number;
  autoFocus?: boolean;
  /** The keyboard a phone shows (the input's inputMode). */
  keyboard?: 'numeric' | 'url';
  required?: boolean;
  autoComplete?: string;
  /** How a phone's keyboard capitalises, and whether spelling is checked (a code: neither). */
  autoCapitalize?: 'off' | 'characters' | 'words' | 'sentences';
  spellCheck?: boolean;
  /** A text area this many lines high at least, growing with its text. */
  multiline?: boolean;
  minRows?: number;
  /** A native select of the options given as children. */
  select?: boolean;
  children?: ReactNode;
  /** The label stays in the outline even while the field is empty (to show the placeholder). */
  shrink?: boolean;
  placeholder?: string;
  readOnly?: boolean;
  disabled?: boolean;
  /** The input opens a dialog (the date field's picker). */
  hasPopup?: 'dialog';
  /** Buttons at the end of the box (the date field's). */
  end?: ReactNode;
}

/**
 * A text field of the booking forms, spread with what lib/use-form.ts binds it with
 * (`{...form.text(name)}`): full width, the field's name as its id unless given another, its
 * message (or else its hint) under it and named by it, and `aria-invalid` while in error. Plain
 * elements: an outlined field whose label sits in the box until it is filled (form-fields.css).
 */
export function FormField({
  id,
  name,
  label,
  value,
  error = false,
  helperText,
  hint,
  unit,
  keyboard,
  required,
  autoComplete,
  multiline,
  minRows = 1,
  select,
  children,
  shrink,
  hasPopup,
  end,
  disabled,
  type = 'text',
  ...rest
}: FieldProps) {
  // What was typed into the field before the page had its code (a prerendered page paints and
  // takes typing first: deferHydration in src/server/lib/build.ts) is still in it, but the form
  // it hydrated into does not know it: the field tells the form once, as it appears. (A select
  // only when the form's value is one of its options: one whose value is none of them shows its
  // first, which nobody chose.)
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  const adoptTyped = useEffectEvent(() => {
    const field = ref.current;
    const chosen = !select || [...(field?.options ?? [])].some((o) => o.value === value);
    if (field && chosen && rest.onChange && field.value !== value) {
      // the change's target is what a form reads (lib/use-form.ts)
      const change = { target: field, currentTarget: field };
      rest.onChange(change as unknown as ChangeEvent<HTMLInputElement>);
    }
  });
  useEffect(() => adoptTyped(), []);
  const controlId = id ?? name;
  const help = helperText ?? hint;
  const helpId = help ? `${controlId}-helper-text` : undefined;
  const control = {
    ref: ref as RefObject<never>,
    id: controlId,
    name,
    value,
    required,
    className: 'field__input',
    disabled,
    'aria-invalid': error || undefined,
    'aria-describedby': helpId,
    'aria-haspopup': hasPopup,
    ...rest,
  };
  const filled = shrink || select || unit === '£' || value !== '';
  const asterisk = required ? ' *' : '';
  const modifiers = [
    filled && 'filled',
    error && 'error',
    disabled && 'disabled',
    hasPopup && 'popup',
  ];
  return (
    <div className={['field', ...modifiers.filter(Boolean).map((m) => `field--${m}`)].join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {asterisk && <span aria-hidden="true">{asterisk}</span>}
      </label>
      <div className="field__box">
        {unit === '£' && <span className="field__unit field__unit--start">£</span>}
        {select ? (
          <select {...control}>{children}</select>
        ) : multiline ? (
          <textarea {...control} rows={minRows} style={{ '--rows': minRows } as CSSProperties} />
        ) : (
          <input
            {...control}
            type={type}
            inputMode={unit ? 'decimal' : keyboard}
            autoComplete={unit && unit !== '£' ? 'off' : autoComplete}
          />
        )}
        {unit && unit !== '£' && <span className="field__unit">{unit}</span>}
        {end && <span className="field__end">{end}</span>}
        {select && <Icon path={icons.dropDown} className="field__chevron" />}
        <fieldset className="field__outline" aria-hidden="true">
          <legend>
            <span>
              {label}
              {asterisk}
            </span>
          </legend>
        </fieldset>
      </div>
      {help && (
        <p className="field__helper" id={helpId}>
          {help}
        </p>
      )}
    </div>
  );
}

/** The destination island (required), a native select. */
export function IslandField(props: Omit<FieldProps, 'select' | 'required' | 'children'>) {
  return (
    <FormField {...props} required select>
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

/** The bound props of a size field (useForm's `text()`, with its id). */
export type SizeFieldProps = Omit<FieldProps, 'label'>;

/** The parcel's three sides in cm and its weight in kg, side by side, as one labelled group. */
export function SizeFields({
  field,
  labelledBy,
  required,
}: {
  field: (name: SizeField) => SizeFieldProps;
  labelledBy: string;
  required?: boolean;
}) {
  return (
    <div className="size-fields" role="group" aria-labelledby={labelledBy}>
      {(['length', 'width', 'height', 'weight'] as const).map((name) => (
        <FormField
          key={name}
          {...field(name)}
          label={SIZE_LABELS[name]}
          required={required}
          unit={name === 'weight' ? 'kg' : 'cm'}
        />
      ))}
    </div>
  );
}
