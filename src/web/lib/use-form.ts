import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import type { FieldError } from '../../shared/api/errors';
import {
  isFormValid,
  validateForm,
  type FieldRules,
  type FormErrors,
} from '../../shared/validation/form';
import { focusFirstError } from './focus';

/** A field's value: text, a switch, or a chosen file (set with `setValue`). */
type Value = string | boolean | File;

/** The form an event happened in (its own submit, or a button's click inside it). */
export const formOf = (event?: SyntheticEvent): HTMLFormElement | null =>
  event?.currentTarget instanceof Element ? event.currentTarget.closest('form') : null;

const NO_SERVER_ERRORS: readonly FieldError[] = [];

export interface FormOptions {
  /**
   * The server's field errors of the last refused send (docs/requirements.md §8): each shows
   * under its field, after the field's own rule's, until the customer changes that field.
   */
  serverErrors?: readonly FieldError[];
  /** Hears each change the customer makes (a success message may then go, say). */
  onEdit?: () => void;
  /**
   * Put before each text field's name to make its id, for a form that shares a page with another
   * of the same fields (the Register dialog, in every page, and the profile form).
   */
  idPrefix?: string;
}

/**
 * The one form of the site (docs/architecture.md, "One idiom for each idea"), checked by the
 * shared rules (src/shared): a field's message shows once the field was changed and left (then
 * follows the typing), or once the form was sent; a form is sent only when no field has an
 * error, and otherwise the focus goes to the first field with one (docs/requirements.md §5).
 * Leaving an untouched field shows nothing, so no message appears (and moves the layout) under a
 * pointer on its way to a link. `rules` gets the current values, so a rule can depend on another
 * field (ConfirmPassword on Password).
 */
export function useForm<Values extends Record<string, Value>>(
  initial: Values,
  rules: (values: Values) => Partial<FieldRules<Extract<keyof Values, string>>>,
  { serverErrors = NO_SERVER_ERRORS, onEdit, idPrefix }: FormOptions = {},
) {
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [dirty, setDirty] = useState<ReadonlySet<Field>>(new Set());
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  // Changed since the last send: the server's message for the field no longer applies.
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const errors = validateForm(values, rules(values) as FieldRules<Field>) as FormErrors<Field>;
  const errorOf = (field: Field) =>
    submitted || (dirty.has(field) && left.has(field)) ? errors[field] : undefined;
  const serverError = (field: Field) =>
    edited.has(field) ? undefined : serverErrors.find((e) => e.field === field)?.error;

  const add = (set: ReadonlySet<Field>, field: Field) =>
    set.has(field) ? set : new Set(set).add(field);
  const change = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setDirty((current) => add(current, field));
    setEdited((current) => add(current, field));
    onEdit?.();
  };
  /** Sets a value chosen in one go (a date, a switch): its message shows at once. */
  const setValue = <F extends Field>(field: F, value: Values[F]) => {
    change(field, value);
    setLeft((current) => add(current, field));
  };

  /**
   * A submit handler: marks the form sent, then sends the values when every field passes its
   * rules, or moves the focus to the first field with an error of the form the event came from
   * (its submit, or the click of another button that finishes it).
   */
  const handleSubmit = (send: (values: Values) => void) => (event?: SyntheticEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (!isFormValid(errors)) {
      focusFirstError(formOf(event));
      return;
    }
    setEdited(new Set());
    send(values);
  };

  return {
    values,
    errors,
    errorOf,
    serverError,
    /** Whether the form was sent (its error summary shows from then on). */
    submitted,
    setValue,
    /** Props for a text field (the site's FormField, or a MUI TextField) bound to it. */
    text: (field: Field) => {
      const own = errorOf(field);
      const server = serverError(field);
      return {
        name: field,
        ...(idPrefix && { id: `${idPrefix}${field}` }),
        value: values[field] as string,
        onChange: (
          event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
        ) => change(field, event.target.value as Values[Field]),
        onBlur: () => setLeft((current) => add(current, field)),
        error: own !== undefined || server !== undefined,
        helperText: own ?? server,
      };
    },
    /** Props for a DateField (components/date-field.tsx) bound to it. */
    date: (field: Field) => ({
      name: field,
      value: values[field] as string,
      onChange: (value: string) => setValue(field, value as Values[Field]),
      errorMessages: [errorOf(field), serverError(field)],
    }),
    /** Props for a MUI Switch or Checkbox bound to a boolean field. */
    check: (field: Field) => ({
      name: field,
      checked: values[field] as boolean,
      onChange: (_event: ChangeEvent<HTMLInputElement>, checked: boolean) =>
        setValue(field, checked as Values[Field]),
    }),
    /**
     * Sets values that follow from another field (a parish emptied when the island changes)
     * without marking them touched: their messages wait until they are changed or the form sent.
     */
    patch: (next: Partial<Values>) => setValues((current) => ({ ...current, ...next })),
    /** Replaces every value (e.g. when the profile arrives) and forgets what was touched. */
    reset: (next: Values) => {
      setValues(next);
      setDirty(new Set());
      setLeft(new Set());
      setEdited(new Set());
      setSubmitted(false);
    },
    handleSubmit,
  };
}
