// The messages the account API answers with, apart from the API's schemas (./auth.ts) so that the
// browser code drawn into every page (the Login dialog, docs/decisions/0029) carries no zod.

export const AUTH_MESSAGES = {
  /** Every login failure looks the same (docs/requirements.md §8). */
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
  /** The right password for an account the office disabled (decision 0022). */
  accountDisabled:
    'This account has been disabled. Please contact us if you think this is a mistake.',
  tooManyRequests: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
