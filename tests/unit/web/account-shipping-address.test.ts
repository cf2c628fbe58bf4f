import { describe, expect, it } from 'vitest';
import { shippingAddressLines, shippingAddressText } from '../../../src/web/lib/shipping-address';

const DEPOT = [
  'Ferrybox UK Depot',
  'Unit 7 (FB7KXM3X), Quartremaine Road',
  'Portsmouth',
  'PO3 5QH',
];

describe('the shipping address card (docs/requirements.md §2)', () => {
  it('copies the full name, the reference and the UK address, one line each', () => {
    const user = {
      FullName: 'Ada Le Sueur',
      Reference: 'FB7KXM3X',
      ShippingAddress: ['Ada Le Sueur', ...DEPOT],
    };
    expect(shippingAddressText(user)).toBe(
      'Ada Le Sueur\nFerrybox UK Depot\nUnit 7 (FB7KXM3X), Quartremaine Road\nPortsmouth\nPO3 5QH',
    );
  });

  it('adds the name and the reference when the address lines lack them', () => {
    const user = {
      FullName: 'Ada Le Sueur',
      Reference: 'FB7KXM3X',
      ShippingAddress: ['Ferrybox UK Depot', 'Quartremaine Road', 'Portsmouth'],
    };
    expect(shippingAddressLines(user)).toEqual([
      'Ada Le Sueur',
      'Ref: FB7KXM3X',
      'Ferrybox UK Depot',
      'Quartremaine Road',
      'Portsmouth',
    ]);
  });

  it('drops blank lines', () => {
    const user = {
      FullName: 'Ada',
      Reference: 'FB7KXM3X',
      ShippingAddress: ['Ada', ' ', ...DEPOT],
    };
    expect(shippingAddressLines(user)).toEqual(['Ada', ...DEPOT]);
  });
});
