import type { z } from 'zod';
import { toFieldErrors, type FieldError } from '../../../shared/api/errors';
import { ApiError } from '../../lib/api-client';

/** Field errors keyed by field (`Price`, `Contact.Phone`), the first for each. */
export type FieldErrors = Record<string, string>;

const byField = (errors: readonly FieldError[]): FieldErrors =>
  errors.reduce<FieldErrors>((all, e) => ({ [e.field]: e.error, ...all }), {});

/** The errors but `field`'s, for a field just changed: `setErrors(withoutField('Amount'))`. */
export const withoutField =
  (field: string) =>
  ({ [field]: _changed, ...others }: FieldErrors): FieldErrors =>
    others;

/** What the server said about each field of a refused write (none for other failures). */
export const serverFieldErrors = (error: unknown): FieldErrors =>
  error instanceof ApiError ? byField(error.body?.errors ?? []) : {};

/**
 * Checks a form's values with the API's own schema before sending them, so the screen shows the
 * server's rules (and words) without a round trip; the server checks them again all the same.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data: z.input<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(value);
  return result.success
    ? { data: value as z.input<S> }
    : { errors: byField(toFieldErrors(result.error.issues)) };
}
