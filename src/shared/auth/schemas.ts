import { z } from 'zod';
import { validateField } from '../validation/form';
import { MESSAGES } from '../validation/messages';
import type { Rule } from '../validation/rules';
import { withRules } from '../validation/zod-rules';
import { cleanString } from '../validation/clean-text';
import { ruledText } from '../api/fields';
import { ISLANDS } from '../islands';
import { FORGOTTEN_PASSWORD_RULES, LOGIN_RULES } from './login-rules';
import { REGISTER_FIELD_RULES, registerRules } from './register-rules';
import { SALUTATIONS } from '../salutations';

/** Islands of residence a customer can register with (docs/requirements.md §5). */
export { ISLANDS, type Island } from '../islands';

/** Optional salutations of the register form (docs/requirements.md §5). */
export { SALUTATIONS, type Salutation } from '../salutations';

export { MAX_LENGTHS, LOGIN_RULES } from './login-rules';
export { MIN_PASSWORD_LENGTH, REGISTER_SERVER_ERROR_FIELDS, registerRules } from './register-rules';

// A value of the wrong JSON type (a number for a name, text for a switch) is reported as missing,
// so every issue carries a rule message; the browser forms never send one.
// a password is kept as typed: line breaks are no danger in a hash
const secret = () => cleanString({ lines: true });
const flag = () => z.boolean({ error: MESSAGES.required });

/** Optional text: rules apply when something is entered; empty and null become undefined. */
const optionalText = (rules: readonly Rule[]) =>
  withRules(ruledText().nullish(), rules).transform((value) => value || undefined);

// --- login and forgotten password ----------------------------------------------------------

export const loginSchema = z.object({
  email: withRules(ruledText(), LOGIN_RULES.email),
  password: withRules(secret(), LOGIN_RULES.password),
});
export type LoginPayload = z.output<typeof loginSchema>;

export const forgottenPasswordSchema = z.object({
  email: withRules(ruledText(), FORGOTTEN_PASSWORD_RULES.email),
});
export type ForgottenPasswordPayload = z.output<typeof forgottenPasswordSchema>;

// --- register ------------------------------------------------------------------------------

/**
 * Adds the register form's ConfirmPassword rule (it must match Password) to an object schema
 * that has both fields; the one place the rule is written for the register and reset bodies.
 * It runs even when other fields failed, so a mismatch shows together with their errors.
 */
export function withConfirmPassword<
  T extends z.ZodObject<{ Password: z.ZodType<string>; ConfirmPassword: z.ZodType<string> }>,
>(schema: T): T {
  return schema.superRefine(
    (data: { Password?: unknown; ConfirmPassword?: unknown }, ctx) => {
      if (typeof data.ConfirmPassword !== 'string') return; // reported as missing already
      const message = validateField(data.ConfirmPassword, registerRules(data).ConfirmPassword);
      if (message !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

export const registerSchema = withConfirmPassword(
  z.object({
    Salutation: optionalText(REGISTER_FIELD_RULES.Salutation).pipe(z.enum(SALUTATIONS).optional()),
    FirstName: withRules(ruledText(), REGISTER_FIELD_RULES.FirstName),
    LastName: withRules(ruledText(), REGISTER_FIELD_RULES.LastName),
    Email: withRules(ruledText(), REGISTER_FIELD_RULES.Email),
    Password: withRules(secret(), REGISTER_FIELD_RULES.Password),
    ConfirmPassword: secret(),
    Country: withRules(ruledText(), REGISTER_FIELD_RULES.Country).pipe(z.enum(ISLANDS)),
    DOB: optionalText(REGISTER_FIELD_RULES.DOB),
    Telephone: optionalText(REGISTER_FIELD_RULES.Telephone),
    Marketing: flag().default(false),
    TermsAndConditions: withRules(flag(), REGISTER_FIELD_RULES.TermsAndConditions),
  }),
);
/** The register body as sent (docs/requirements.md §3, Registration). */
export type RegisterInput = z.input<typeof registerSchema>;
/** The register body after validation: trimmed, empty optionals dropped, Marketing defaulted. */
export type Registration = z.output<typeof registerSchema>;
