import type { AddressInput } from '../../src/shared/api/addresses';

// Saved addresses for tests: the API tests (tests/support/checkout.ts) and the browser tests
// share them. No test runner imports here, so Playwright and Vitest can both load this file.

export const JERSEY_HOME: AddressInput = {
  Type: 'Delivery',
  FullName: 'Ann Le Brocq',
  Company: '',
  Line1: '12 Rue de la Mare',
  Line2: '',
  Town: '',
  Parish: 'St Helier',
  Island: 'Jersey',
  Country: 'JE',
  Postcode: 'JE2 3AB',
  Telephone: '',
};

export const LONDON_BILLING: AddressInput = {
  Type: 'Billing',
  FullName: 'Ann Le Brocq',
  Company: '',
  Line1: '1 Bank Street',
  Line2: '',
  Town: 'London',
  Parish: '',
  Island: null,
  Country: 'GB',
  Postcode: 'E14 5AB',
  Telephone: '',
};
