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
 * The API contract of accounts (issue 4): /public/auth/* and /public/members/*. Request bodies are
 * built from the shared form rules (src/shared/auth/schemas.ts), never restated; responses are
 * described here so the browser and the server agree on them.
 */

// --- messages the server answers with ----------------------------------------------------------

export const AUTH_MESSAGES = {
  /** Every login failure looks the same (SPEC section 8). */
  loginFailed: 'Email or password is incorrect.',
  /** A protected call without a valid session. */
  loginRequired: 'Please log in.',
  /** A session whose role lacks the permission a call needs. */
  forbidden: 'You do not have permission to do that.',
  emailTaken: 'This email address is already registered',
  registerFailed: 'Please correct the errors shown in the form below.',
  /** A reset or validation link that is unknown, used or expired. */
  tokenInvalid: 'This link has expired or has already been used. Please request a new one.',
  /** A validation link sent to an address the account no longer uses. */
  tokenStale: 'This link was sent to an email address you no longer use. Please request a new one.',
  /** Changing the e-mail address or deleting the account asks for the password again. */
  currentPasswordNeeded: 'Please enter your current password to confirm this change.',
  currentPasswordWrong: 'This is not your current password.',
  /** The right password for an account the office disabled (issue 14). */
  accountDisabled:
    'This account has been disabled. Please contact us if you think this is a mistake.',
  tooManyRequests: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

// --- roles and abilities (src/shared/access.ts) -------------------------------------------

export { ROLES, type Role, type AbilityRule } from '../access';

/** One permission, as CASL's `createMongoAbility(rules)` reads it. */
export const abilityRuleSchema = z.object({
  action: z.enum(ABILITY_ACTIONS),
  subject: z.enum(ABILITY_SUBJECTS),
});

// --- responses ---------------------------------------------------------------------------------

/** POST /public/auth/login and /register answer with the bearer token itself, a JSON string. */
export const accessTokenSchema = z.string().min(1);
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** GET /public/auth/me (SPEC "User data"). */
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

/** GET /public/members (SPEC "Profile"). Optional fields never given are null. */
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
export const MAX_TOKEN_LENGTH = 200;

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
