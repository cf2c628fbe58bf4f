import type { FieldRules } from '../validation/form';
import {
  confirmPassword,
  email,
  lookupRequired,
  maxLength,
  minLength,
  optional,
  pastDate,
  required,
  requiredBoolean,
  telephone,
  type Rule,
} from '../validation/rules';
import { notCommonPassword } from '../validation/common-passwords';
import { ISLANDS } from '../islands';
import { SALUTATIONS } from '../salutations';
import { MAX_LENGTHS } from './login-rules';

// The register form's rules (also the profile's, the reset password's and the staff invitation's),
// apart from the schemas (./schemas.ts) the server checks bodies with, so that the browser checks
// those forms by the same rules without loading zod (decision 0029: about 22 KB on My Account
// screens).

/** Register fields under which the server's field errors are shown (docs/requirements.md §5). */
export const REGISTER_SERVER_ERROR_FIELDS = [
  'FirstName',
  'LastName',
  'Email',
  'DOB',
  'Telephone',
] as const;

/** Minimum password length (docs/requirements.md §9). */
export const MIN_PASSWORD_LENGTH = 8;

export const REGISTER_FIELD_RULES = {
  Salutation: [optional(lookupRequired(SALUTATIONS))],
  FirstName: [required, maxLength(MAX_LENGTHS.name)],
  LastName: [required, maxLength(MAX_LENGTHS.name)],
  Email: [required, email, maxLength(MAX_LENGTHS.email)],
  Password: [
    required,
    minLength(MIN_PASSWORD_LENGTH),
    maxLength(MAX_LENGTHS.password),
    notCommonPassword,
  ],
  Country: [required, lookupRequired(ISLANDS)],
  DOB: [pastDate()],
  Telephone: [telephone, maxLength(MAX_LENGTHS.telephone)],
  Marketing: [],
  TermsAndConditions: [requiredBoolean],
} satisfies Record<string, readonly Rule[]>;

export type RegisterField = keyof typeof REGISTER_FIELD_RULES | 'ConfirmPassword';

/** The register form's rules; ConfirmPassword is checked against the Password entered. */
export function registerRules(values: { Password?: unknown }): FieldRules<RegisterField> {
  return {
    ...REGISTER_FIELD_RULES,
    ConfirmPassword: [required, confirmPassword(values.Password)],
  };
}
