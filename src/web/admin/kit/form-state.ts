import type { z } from 'zod';
import { toFieldErrors, type FieldError } from '../../../shared/api/errors';
import { ApiError } from '../../lib/api-client';
import { problem } from './problem';

// The rules of the back office's one form (use-zod-form.ts), as plain functions of its state:
// what a field shows, what the form shows, and what a change or a send does to them.

/** Field errors keyed by field (`Price`, `Contact.Phone`), the first for each. */
export type FieldErrors = Record<string, string>;

export type FormValues = Record<string, string | boolean>;

export interface FormState<V extends FormValues> {
  values: V;
  /** What the contract's schema said about the values of the last send that it refused. */
  checked: FieldErrors;
  /** Fields changed since the last send: the server's word on them no longer applies. */
  edited: ReadonlySet<string>;
}

const byField = (errors: readonly FieldError[]): FieldErrors =>
  errors.reduce<FieldErrors>((all, e) => ({ [e.field]: e.error, ...all }), {});

/** What the server said about each field of a refused write (none for other failures). */
export const serverFieldErrors = (error: unknown): FieldErrors =>
  error instanceof ApiError ? byField(error.body?.errors ?? []) : {};

export const initialState = <V extends FormValues>(values: V): FormState<V> => ({
  values,
  checked: {},
  edited: new Set(),
});

/**
 * A field changed (`Amount`, or one kept outside the values, `Departures.0.Departs`): neither the
 * schema's nor the server's message for it any more.
 */
export function forgotten<V extends FormValues>(state: FormState<V>, field: string): FormState<V> {
  const { [field]: _gone, ...checked } = state.checked;
  return { ...state, checked, edited: new Set(state.edited).add(field) };
}

/** A field's new value, and no message for it. */
export const changed = <V extends FormValues, F extends keyof V & string>(
  state: FormState<V>,
  field: F,
  value: V[F],
): FormState<V> => ({ ...forgotten(state, field), values: { ...state.values, [field]: value } });

/**
 * A send: the body checked with the API's own schema (the route validates with the same one), so
 * the screen shows the server's rules and words without a round trip. `data` is the body to send
 * when it passes; the fields then count as unchanged again.
 */
export function submitted<V extends FormValues, S extends z.ZodType>(
  state: FormState<V>,
  schema: S,
  body: unknown,
): { state: FormState<V>; data?: z.input<S> } {
  const result = schema.safeParse(body);
  if (!result.success)
    return { state: { ...state, checked: byField(toFieldErrors(result.error.issues)) } };
  return { state: { ...state, checked: {}, edited: new Set() }, data: body as z.input<S> };
}

/**
 * Every message the form shows, by field: the schema's, else the server's until the field is
 * changed (a screen lists those of fields it has no place for).
 */
export function messages(state: FormState<FormValues>, refusal: unknown): FieldErrors {
  const server = Object.entries(serverFieldErrors(refusal)).filter(([f]) => !state.edited.has(f));
  return { ...Object.fromEntries(server), ...state.checked };
}

/** The message one field shows, if any. */
export const fieldError = (state: FormState<FormValues>, refusal: unknown, field: string) =>
  messages(state, refusal)[field];

/** The form's own message, once: a failure that names no field (a 409, a 5xx, no network). */
export const formError = (refusal: unknown, describe: (error: unknown) => string = problem) =>
  refusal && !Object.keys(serverFieldErrors(refusal)).length ? describe(refusal) : undefined;
