import { z } from 'zod';
import { ABILITY_ACTIONS, ABILITY_SUBJECTS, ROLES } from '../access';
import {
  ISLANDS,
  MAX_LENGTHS,
  registerSchema,
  SALUTATIONS,
  withConfirmPassword,
} from '../auth/schemas';
import { maxLength, required } from '../validation/rules';
import { withRules } from '../validation/zod-rules';
import { cleanString } from '../validation/clean-text';

/**
 * The API contract of accounts (decision 0005): /public/auth/* and /public/members/*. Request
 * bodies are built from the shared form rules (src/shared/auth/schemas.ts), never restated;
 * responses are described here so the browser and the server agree on them.
 */

// --- messages the server answers with ----------------------------------------------------------

export { AUTH_MESSAGES } from './auth-messages';

// --- roles and abilities (src/shared/access.ts) -------------------------------------------

export { type AbilityRule } from '../access';

/** One permission, as CASL's `createMongoAbility(rules)` reads it. */
const abilityRuleSchema = z.object({
  action: z.enum(ABILITY_ACTIONS),
  subject: z.enum(ABILITY_SUBJECTS),
});

// --- responses ---------------------------------------------------------------------------------

/** POST /public/auth/login and /register answer with the bearer token itself, a JSON string. */
export const accessTokenSchema = z.string().min(1);
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** GET /public/auth/me (docs/requirements.md §3 "User data"). */
export const userDataSchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  EmailValidated: z.boolean(),
  /** The customer reference written on every parcel (e.g. FB7KXM3X). */
  Reference: z.string(),
  Role: z.enum(ROLES),
  /** The customer's UK delivery address, one line each: full name, then the depot with the reference. */
  ShippingAddress: z.array(z.string()),
  Ability: z.array(abilityRuleSchema),
});
export type UserData = z.infer<typeof userDataSchema>;

/**
 * GET /public/members (docs/requirements.md §3 "Profile"). Optional fields never given are null.
 */
export const profileSchema = z.object({
  Salutation: z.enum(SALUTATIONS).nullable(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  EmailValidated: z.boolean(),
  Country: z.enum(ISLANDS),
  DOB: z.string().nullable().describe('yyyy-MM-dd'),
  Telephone: z.string().nullable(),
  Marketing: z.boolean(),
  Reference: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /public/members/update answers with a fresh token (the old one is revoked) and the user. */
export const profileUpdateResponseSchema = z.object({
  accessToken: accessTokenSchema,
  userData: userDataSchema,
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** The answer of calls that only succeed or fail (forgot, reset, validation). */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

// --- requests not covered by src/shared/auth/schemas.ts ----------------------------------------

/** Longest token accepted in a body (ours are 43 characters). */
const MAX_TOKEN_LENGTH = 200;

const tokenField = () => withRules(cleanString().trim(), [required, maxLength(MAX_TOKEN_LENGTH)]);

/**
 * PUT /public/members/update: the profile fields, with the register form's rules. Fields the
 * profile answer carries but a customer cannot change (Reference, EmailValidated) are ignored, so
 * the fetched profile may be sent back as it is. Leaving an optional field out clears it.
 */
const register = registerSchema.shape;
const currentPassword = withRules(cleanString({ lines: true }), [maxLength(MAX_LENGTHS.password)]);
export const profileUpdateSchema = z.object({
  Salutation: register.Salutation,
  FirstName: register.FirstName,
  LastName: register.LastName,
  Email: register.Email,
  Country: register.Country,
  DOB: register.DOB,
  Telephone: register.Telephone,
  Marketing: register.Marketing,
  /** Needed (and checked) only when Email changes. */
  CurrentPassword: currentPassword.optional().transform((value) => value || undefined),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** DELETE /public/members/delete: the current password, asked again. */
export const deleteAccountSchema = z.object({
  CurrentPassword: withRules(cleanString({ lines: true }), [
    required,
    maxLength(MAX_LENGTHS.password),
  ]),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /public/auth/reset-password: the token from the e-mailed link and the new password. */
export const resetPasswordSchema = withConfirmPassword(
  z.object({
    token: tokenField(),
    Password: register.Password,
    ConfirmPassword: register.ConfirmPassword,
  }),
);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /public/auth/validated-email: the token from the `/validate-email/{token}` link. */
export const validatedEmailSchema = z.object({ token: tokenField() });
export type ValidatedEmailInput = z.input<typeof validatedEmailSchema>;
