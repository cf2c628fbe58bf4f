import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  isFormValid,
  validateForm,
  type FieldRules,
  type FormErrors,
} from '../../shared/validation/form';

type Value = string | boolean;

/**
 * A form checked by the shared rules (src/shared): a field's message shows once the field was
 * changed and left (then follows the typing), or once the form was sent; a form is sent only
 * when no field has an error (docs/requirements.md §5). Leaving an untouched field shows nothing,
 * so no message appears (and moves the layout) under a pointer on its way to a link. `rules` gets
 * the current values, so a rule can depend on another field (ConfirmPassword on Password).
 */
export function useForm<Values extends Record<string, Value>>(
  initial: Values,
  rules: (values: Values) => Partial<FieldRules<Extract<keyof Values, string>>>,
) {
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [dirty, setDirty] = useState<ReadonlySet<Field>>(new Set());
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const errors = validateForm(values, rules(values) as FieldRules<Field>) as FormErrors<Field>;
  const errorOf = (field: Field) =>
    submitted || (dirty.has(field) && left.has(field)) ? errors[field] : undefined;

  const add = (set: ReadonlySet<Field>, field: Field) =>
    set.has(field) ? set : new Set(set).add(field);
  const change = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setDirty((current) => add(current, field));
  };
  /** Sets a value chosen in one go (a date, a switch): its message shows at once. */
  const setValue = <F extends Field>(field: F, value: Values[F]) => {
    change(field, value);
    setLeft((current) => add(current, field));
  };

  return {
    values,
    errors,
    errorOf,
    setValue,
    /** Props for a text field (a MUI TextField, or the booking forms' FormField) bound to it. */
    text: (field: Field) => ({
      name: field,
      value: values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        change(field, event.target.value as Values[Field]),
      onBlur: () => setLeft((current) => add(current, field)),
      error: errorOf(field) !== undefined,
      helperText: errorOf(field),
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
      setSubmitted(false);
    },
    /** A submit handler: sends the values only when every field passes its rules. */
    handleSubmit: (send: (values: Values) => void) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (isFormValid(errors)) send(values);
    },
  };
}
