import type { FieldRules } from '../validation/form';
import { maxLength, required } from '../validation/rules';

/** Longest accepted values; they also keep oversized input away from the password hasher. */
export const MAX_LENGTHS = { name: 50, email: 254, password: 128, telephone: 30 } as const;

// The login and forgotten password forms' rules, apart from the schemas (./schemas.ts) so that the
// page that draws these forms before its code loads (the account dialogs, decision 0029) needs no
// zod schema to check them. The register form's are in ./register-rules.ts, loaded with that form.

export const LOGIN_RULES = {
  email: [required, maxLength(MAX_LENGTHS.email)],
  password: [required, maxLength(MAX_LENGTHS.password)],
} satisfies FieldRules<'email' | 'password'>;

export const FORGOTTEN_PASSWORD_RULES = {
  email: [required, maxLength(MAX_LENGTHS.email)],
} satisfies FieldRules<'email'>;
