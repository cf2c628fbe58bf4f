// A household on one account (decision 0037): the people a customer names so that parcels addressed
// to them at the depot are received onto the account. How many is a site setting
// (Account/HouseholdLimit, seeded 4); the names follow the profile's rules (first and last name,
// one line each, at most MAX_LENGTHS.name characters).

import { MAX_LENGTHS } from './auth/login-rules';
import { maxLength, required } from './validation/rules';

/** The setting that caps the people of a household, and its value when missing or not sensible. */
export const HOUSEHOLD_SETTING = { category: 'Account', name: 'HouseholdLimit' } as const;
export const DEFAULT_HOUSEHOLD_LIMIT = 4;
/** The most a setting may allow (a household, not a mailing list). */
const MAX_HOUSEHOLD_LIMIT = 20;

export const HOUSEHOLD_NAME_MAX = MAX_LENGTHS.name;

/** The stored setting as a limit: a whole number from 0 to MAX_HOUSEHOLD_LIMIT, else the default. */
export function householdLimitOf(value: unknown): number {
  return Number.isSafeInteger(value) &&
    (value as number) >= 0 &&
    (value as number) <= MAX_HOUSEHOLD_LIMIT
    ? (value as number)
    : DEFAULT_HOUSEHOLD_LIMIT;
}

/** A person's name as a label shows it: first and last, one space between. */
export const personName = (p: { FirstName: string; LastName: string }) =>
  [p.FirstName, p.LastName].filter(Boolean).join(' ');

/**
 * A name as the receiving screen compares it: lower case, single spaces, no spaces at the ends
 * (a label's "JANE  SMITH" is Jane Smith).
 */
export const comparableName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const HOUSEHOLD_MESSAGES = {
  notFound: 'This person is not in your household.',
  tooMany: (limit: number) =>
    limit === 0
      ? 'Household members cannot be added to accounts at the moment.'
      : `You can name up to ${limit} people in your household. Please remove one first.`,
  sameAsHolder: 'You are already on the account: add the other people of your household.',
  duplicate: 'This person is already in your household.',
  notTheirs: 'This person is not in the household of the account the parcel is for.',
} as const;

/** The form's rules for each name (the server's schema says the same: src/shared/api/household.ts). */
export const HOUSEHOLD_NAME_RULES = [required, maxLength(HOUSEHOLD_NAME_MAX)];
