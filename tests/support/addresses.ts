import type { AddressRequest } from '../../src/shared/api/addresses';

/** A valid Jersey delivery address as the address form sends it; fields may be overridden. */
export const jerseyDelivery = (overrides: AddressRequest = {}): AddressRequest => ({
  Type: 'Delivery',
  FullName: 'Ann Le Brocq',
  Company: '',
  Line1: '12 Rue de la Mare',
  Line2: '',
  Town: 'St Helier',
  Parish: 'St Helier',
  Island: 'Jersey',
  Country: '',
  Postcode: 'je2 3ab',
  Telephone: '01534 123456',
  ...overrides,
});

/** A valid billing address in the UK as the address form sends it; fields may be overridden. */
export const ukBilling = (overrides: AddressRequest = {}): AddressRequest => ({
  Type: 'Billing',
  FullName: 'Ann Le Brocq',
  Company: 'Brocq Ltd',
  Line1: '1 High Street',
  Line2: '',
  Town: 'Portsmouth',
  Parish: '',
  Island: '',
  Country: 'GB',
  Postcode: 'PO1 2AB',
  Telephone: '',
  ...overrides,
});
