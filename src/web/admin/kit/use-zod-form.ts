import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { focusFirstError } from '../../lib/focus';
import {
  changed,
  fieldError,
  forgotten,
  formError,
  initialState,
  messages,
  submitted,
  type FormValues,
} from './form-state';

export interface ZodFormOptions<V extends FormValues, B> {
  /** The request body the values make (numbers from the text typed, say); the values by default. */
  body?: (values: V) => B;
  /** The last refused send (the mutation's error): its field errors show on their fields. */
  refusal?: unknown;
  /** The words of a refusal that names no field (kit/problem.ts's `problem` by default). */
  describe?: (error: unknown) => string;
}

type TextExtra = Record<string, unknown> & { helperText?: string };

/**
 * The back office's one form (docs/architecture.md, "One idiom for each idea"): its values, the
 * props that bind a MUI TextField, Select, Checkbox or Switch to one of them, and its messages.
 * A send is checked with the schema the route validates with (the shared contract, src/shared/api);
 * a field shows the schema's message, or the server's for the last refused send, until it is
 * changed; a refusal that names no field is `formError`, for the form to show once.
 */
export function useZodForm<S extends z.ZodType, V extends FormValues, B = V>(
  schema: S,
  initial: V,
  { body = (values) => values as unknown as B, refusal, describe }: ZodFormOptions<V, B> = {},
) {
  type Field = keyof V & string;
  const [state, setState] = useState(() => initialState(initial));
  const error = (field: string) => fieldError(state, refusal, field);
  const set = <F extends Field>(field: F, value: V[F]) =>
    setState((current) => changed(current, field, value));
  return {
    values: state.values,
    set,
    /** The message a field (or a nested one, `Items.0.Weight`) shows, if any. */
    error,
    /** Every message shown, by field (for those a screen shows apart from any field). */
    messages: () => messages(state, refusal),
    /** No messages, and the values it started with (after a send, for the next) or `values`. */
    reset: (values: V = initial) => setState(initialState(values)),
    /** A field the form keeps no value of (a table's row, say) changed: its message goes. */
    forget: (field: string) => setState((current) => forgotten(current, field)),
    formError: formError(refusal, describe),
    /** Props for a TextField (a select one too) bound to a text value. */
    text: (field: Field, label?: string, extra: TextExtra = {}) => ({
      name: field,
      label,
      value: state.values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        set(field, event.target.value as V[Field]),
      fullWidth: true,
      ...extra,
      error: error(field) !== undefined,
      helperText: error(field) ?? extra.helperText,
    }),
    /** Props for a Checkbox or Switch bound to a yes/no value. */
    check: (field: Field) => ({
      name: field,
      checked: state.values[field] as boolean,
      onChange: (_event: unknown, checked: boolean) => set(field, checked as V[Field]),
    }),
    /**
     * A submit handler: sends the body when the schema passes it, or shows the schema's messages
     * and moves the focus to the first field with one.
     */
    handleSubmit: (send: (data: B & z.input<S>) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      const result = submitted(state, schema, body(state.values));
      setState(result.state);
      if (result.data !== undefined) send(result.data as B & z.input<S>);
      else focusFirstError(event?.currentTarget instanceof Element ? event.currentTarget : null);
    },
  };
}
