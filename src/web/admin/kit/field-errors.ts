import type { z } from 'zod';
import { toFieldErrors } from '../../../shared/api/errors';
import type { FieldErrors } from './form-state';

export { serverFieldErrors, type FieldErrors } from './form-state';

/** The errors but `field`'s, for a field just changed: `setErrors(withoutField('Amount'))`. */
export const withoutField =
  (field: string) =>
  ({ [field]: _changed, ...others }: FieldErrors): FieldErrors =>
    others;

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
    : {
        errors: toFieldErrors(result.error.issues).reduce<FieldErrors>(
          (all, e) => ({ [e.field]: e.error, ...all }),
          {},
        ),
      };
}
