import { useState, type ChangeEvent } from 'react';
import type { FieldError } from '../../../shared/api/errors';
import type { FieldRules } from '../../../shared/validation/form';
import { useForm } from '../../lib/use-form';

/**
 * An account form (lib/use-form.ts) that also shows the server's field errors
 * (docs/requirements.md §8): a field's server message shows under it, after its own rule's, until
 * the customer changes the field; sending the form again starts afresh. `onEdit` hears each change
 * of a text or date field.
 */
export function useAccountForm<Values extends Record<string, string | boolean>>(
  initial: Values,
  rules: (values: Values) => Partial<FieldRules<Extract<keyof Values, string>>>,
  serverErrors: readonly FieldError[],
  onEdit?: () => void,
) {
  type Field = Extract<keyof Values, string>;
  const form = useForm(initial, rules);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const edit = (field: Field) => {
    setEdited((current) => new Set(current).add(field));
    onEdit?.();
  };
  const serverError = (field: Field) =>
    edited.has(field) ? undefined : serverErrors.find((e) => e.field === field)?.error;

  return {
    ...form,
    serverError,
    /** Props for a text field (FormField, or a MUI TextField): the form's, with the server's message under the field. */
    text: (field: Field) => {
      const props = form.text(field);
      const server = serverError(field);
      return {
        ...props,
        onChange: (
          event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
        ) => {
          edit(field);
          props.onChange(event);
        },
        error: props.error || server !== undefined,
        helperText: props.helperText ?? server,
      };
    },
    /** Props for a DateField (components/date-field.tsx), likewise. */
    date: (field: Field) => ({
      name: field,
      value: form.values[field] as string,
      onChange: (value: string) => {
        edit(field);
        form.setValue(field, value as Values[Field]);
      },
      errorMessages: [form.errorOf(field), serverError(field)],
    }),
    handleSubmit: (send: (values: Values) => void) =>
      form.handleSubmit((values) => {
        setEdited(new Set());
        send(values);
      }),
  };
}
