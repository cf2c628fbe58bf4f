import type { RegisterInput } from '../../src/shared/auth/schemas';

let counter = 0;

/** A valid registration with a unique e-mail address; fields may be overridden. */
export function newRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  counter += 1;
  const password = 'Gorey-Harbour-77';
  return {
    Salutation: 'Ms.',
    FirstName: 'Ann',
    LastName: 'Le Brocq',
    Email: `ann.${counter}.${Date.now().toString(36)}@example.je`,
    Password: password,
    ConfirmPassword: password,
    Country: 'Jersey',
    DOB: '1990-04-01',
    Telephone: '+44 1534 123456',
    Marketing: true,
    TermsAndConditions: true,
    ...overrides,
  };
}

/**
 * The register fields that must be given (docs/requirements.md §5), in the order errors name them.
 */
export const REQUIRED_REGISTER_FIELDS = [
  'FirstName',
  'LastName',
  'Email',
  'Password',
  'ConfirmPassword',
  'Country',
  'TermsAndConditions',
] as const;
