import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Icon, icons } from '../../components/icons';
import { FormField, type FieldProps } from '../../components/form-fields';
import '../../styles/account.css';

// The account dialogs' fields, drawn with the site's own primitives (FormField,
// components/form-fields.css) on native inputs: no MUI (docs/decisions/0029).

type InputProps = Omit<FieldProps, 'label' | 'type'> & { label?: ReactNode };

/** The e-mail field of the account forms. */
export function EmailInput(props: InputProps) {
  return <FormField label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({ label = 'Password', ...props }: InputProps) {
  const [shown, setShown] = useState(false);
  return (
    <FormField
      {...props}
      label={label}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="icon-button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => setShown((s) => !s)}
        >
          <Icon path={shown ? icons.hide : icons.show} />
        </button>
      }
    />
  );
}

/**
 * A new password and its confirmation (docs/requirements.md §5: ConfirmPassword must match
 * Password).
 */
export function NewPasswordInputs({
  form,
  label,
}: {
  form: { text: (field: 'Password' | 'ConfirmPassword') => Omit<InputProps, 'label'> };
  /** The first field's label. */
  label: string;
}) {
  return (
    <>
      <PasswordInput
        {...form.text('Password')}
        label={label}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        {...form.text('ConfirmPassword')}
        label="Confirm Password"
        autoComplete="new-password"
        required
      />
    </>
  );
}

/** A button that reads like a link, for the dialogs' in-text actions (Register, Back). */
export function TextButton({
  onClick,
  children,
  command,
}: {
  onClick: () => void;
  children: ReactNode;
  /** Opens a dialog with no script too (dialog-store.ts `commandFor`). */
  command?: Record<string, string>;
}) {
  return (
    <button type="button" className="link-button account-link" onClick={onClick} {...command}>
      {children}
    </button>
  );
}

/**
 * A form drawn into the page's HTML can be typed in before its code has loaded: once it has, the
 * values the browser holds are taken into the form's state (without showing their messages).
 */
export function useTypedBeforeLoad<Values extends Record<string, string | boolean>>(
  formElement: RefObject<HTMLFormElement | null>,
  values: Values,
  patch: (next: Partial<Values>) => void,
) {
  useEffect(() => {
    const elements = formElement.current?.elements;
    if (!elements) return;
    const typed: Partial<Record<string, string>> = {};
    for (const [name, value] of Object.entries(values)) {
      const input = elements.namedItem(name);
      if (input instanceof HTMLInputElement && typeof value === 'string' && input.value !== value)
        typed[name] = input.value;
    }
    if (Object.keys(typed).length) patch(typed as Partial<Values>);
    // Once, when the form is first drawn by its code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
