/**
 * A validation rule (docs/requirements.md §5): `true` when the value is acceptable, otherwise the
 * message to show. Rules take `unknown` so the same rule checks a React input's value and an API
 * body. The rules themselves are in ./rules.ts.
 */
export type Rule = (value: unknown) => true | string;

/** The rules of each field of a form, in the order they are checked. */
export type FieldRules<Field extends string> = Readonly<Record<Field, readonly Rule[]>>;

/** The message of each field that has an error; a field without an error is absent. */
export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

/** The message of the first rule the value fails, or undefined when it passes them all. */
export function validateField(value: unknown, rules: readonly Rule[]): string | undefined {
  for (const rule of rules) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return undefined;
}

/** Checks every field of a form; a field missing from `values` is checked as undefined. */
export function validateForm<Field extends string>(
  values: Partial<Record<Field, unknown>>,
  rules: FieldRules<Field>,
): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const field of Object.keys(rules) as Field[]) {
    const message = validateField(values[field], rules[field]);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/** A form is valid when no field has an error (docs/requirements.md §5). */
export function isFormValid(errors: FormErrors<string>): boolean {
  return Object.values(errors).every((message) => message === undefined);
}
