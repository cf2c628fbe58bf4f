// The account screens' texts; those quoted by docs/requirements.md §2, §4 and §8 are exact. The
// login and register failures are the server's too: AUTH_MESSAGES in
// src/shared/api/auth-messages.ts (its own file: the contracts beside it bring zod with them).
export const ACCOUNT_MESSAGES = {
  /** docs/requirements.md §4: the login dialog opened by a 401 outside the auth calls. */
  sessionExpired: 'Your session has expired, please login to continue.',
  /** docs/requirements.md §8: shown as soon as the forgotten password form is sent. */
  forgottenPasswordSent: 'You have requested a new password, please check your email.',
  /** docs/requirements.md §2: with the shipping address card. */
  shippingReminder:
    'Remember to book and pay for your delivery with us after ordering from retailers.',
  /** The login dialog opened by a dashboard page for a visitor who is not logged in. */
  dashboardLogin: 'Please login to see your account.',
  addressCopied: 'Your name, customer reference and UK address were copied.',
  copyFailed: 'Could not copy the address; please select it and copy it yourself.',
} as const;
