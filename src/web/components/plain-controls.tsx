import {
  useEffect,
  useEffectEvent,
  useRef,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import './plain-controls.css';

/**
 * The customer site's plain controls beside FormField (components/form-fields.tsx), drawn
 * from the design tokens (docs/decisions/0029): a checkbox or radio with its label, a group of
 * them, an alert, and a placeholder while content loads.
 */

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type?: 'checkbox' | 'radio';
  label: ReactNode;
  /** A line under the label. */
  description?: ReactNode;
  /** Drawn in the error colour (the message is the group's or the caller's). */
  invalid?: boolean;
};

/** A checkbox (or radio) and its label, the whole row clickable (MUI's FormControlLabel). */
export function Choice({
  type = 'checkbox',
  label,
  description,
  invalid,
  className,
  ...input
}: ChoiceProps) {
  // Ticked (or not) before the page had its code (a dialog in the page's HTML): the control tells
  // its form once, as it appears, as FormField does (a radio: only the one chosen).
  const ref = useRef<HTMLInputElement>(null);
  const adoptChosen = useEffectEvent(() => {
    const control = ref.current;
    if (!control || !input.onChange || input.checked === undefined) return;
    if (control.checked === input.checked || (type === 'radio' && !control.checked)) return;
    input.onChange({ target: control, currentTarget: control } as ChangeEvent<HTMLInputElement>);
  });
  useEffect(() => adoptChosen(), []);
  return (
    <label
      className={`choice${invalid ? ' choice--error' : ''}${className ? ` ${className}` : ''}`}
    >
      <span className="choice__control">
        <input
          ref={ref}
          type={type}
          className="choice__input"
          aria-invalid={invalid || undefined}
          {...input}
        />
        <span className="choice__icon" aria-hidden="true" />
      </span>
      <span className="choice__text">
        <span className="choice__label">{label}</span>
        {description && <span className="choice__description">{description}</span>}
      </span>
    </label>
  );
}

/**
 * Related choices under a legend (radios: one of them), with the group's message under them.
 * The message is announced when it appears.
 */
export function ChoiceGroup({
  legend,
  error,
  id,
  children,
  className,
}: {
  legend: ReactNode;
  error?: string;
  /** Names the message (`{id}-error`) for the controls' aria-describedby. */
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`choice-group${className ? ` ${className}` : ''}`}>
      <legend className="choice-group__legend">{legend}</legend>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A field's error under it, announced when it appears; nothing without one. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  );
}

type Severity = 'info' | 'success' | 'warning' | 'error';

/**
 * A message (MUI's Alert, without the icon): an error is announced at once (role alert), any
 * other message politely (role status); nothing when there is no message.
 */
export function Alert({
  severity,
  title,
  action,
  children,
  className,
  ...rest
}: {
  severity: Severity;
  title?: ReactNode;
  /** A button or link at the end (on the right, under the text on phones). */
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** -1: focusable from code (the first error of a refused form takes the focus). */
  tabIndex?: number;
  /** To give it the focus from code (a notice that replaces the button pressed). */
  id?: string;
  'data-testid'?: string;
}) {
  if (!children && !title) return null;
  return (
    <div
      className={`alert alert--${severity}${action ? ' alert--action' : ''}${className ? ` ${className}` : ''}`}
      role={severity === 'error' ? 'alert' : 'status'}
      {...rest}
    >
      <div>
        {title && <p className="alert__title">{title}</p>}
        {children}
      </div>
      {action}
    </div>
  );
}

/** A grey block in the place of content still loading (MUI's rounded Skeleton). */
export function Skeleton({ height, width }: { height: number; width?: number | string }) {
  return <span className="skeleton" style={{ height, width }} aria-hidden="true" />;
}

/** A busy indicator in a button or beside text (MUI's CircularProgress, small). */
export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined} aria-label={label}>
      <span aria-hidden="true" />
    </span>
  );
}

/**
 * A `.button` busy with its request (MUI's loading button): a spinner over its label, which stays
 * its accessible name, and disabled meanwhile. `className` adds the button's kind
 * (`button--contained button--large`).
 */
export function BusyButton({
  busy,
  className,
  children,
  disabled,
  type = 'button',
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; 'data-testid'?: string }) {
  return (
    <button
      {...button}
      type={type}
      className={`button${className ? ` ${className}` : ''}${busy ? ' button--busy' : ''}`}
      disabled={disabled || busy}
    >
      <span className="button__label">{children}</span>
      {busy && <Spinner />}
    </button>
  );
}
