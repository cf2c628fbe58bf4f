import type { z } from 'zod';
import { validateField } from './form';
import type { Rule } from './rules';

/**
 * Adds a field's rules to a zod schema, so a rule is written once and serves both the React form
 * and the API body. The first failing rule becomes the field's only issue, its message exactly
 * the rule's, which `toFieldErrors` (src/shared/api/errors.ts) turns into `{ field, error }`.
 */
export function withRules<Schema extends z.ZodType>(
  schema: Schema,
  rules: readonly Rule[],
): Schema {
  return schema.superRefine((value, ctx) => {
    const message = validateField(value, rules);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });
}
