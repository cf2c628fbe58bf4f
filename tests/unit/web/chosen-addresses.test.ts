import { beforeEach, describe, expect, test } from 'vitest';
import type { Address } from '../../../src/shared/api/addresses';
import { stubBrowserWindow } from '../../support/browser-window';

const { localStorage } = stubBrowserWindow();

const chosen = await import('../../../src/web/lib/chosen-addresses');
const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
};

const address = (overrides: Partial<Address> = {}): Address => ({
  Id: 1,
  Type: 'Delivery',
  FullName: 'Ann Le Brocq',
  Company: '',
  Line1: '12 Rue de la Mare',
  Line2: '',
  Town: '',
  Parish: 'St Helier',
  Island: 'Jersey',
  Country: 'JE',
  CountryName: 'Jersey',
  Postcode: 'JE2 3AB',
  Telephone: '',
  Created: '2026-11-23T09:00:00.000Z',
  Updated: '2026-11-23T09:00:00.000Z',
  ...overrides,
});
const billing = address({ Id: 2, Type: 'Billing', Island: null, Country: 'GB', Parish: '' });

beforeEach(() => {
  localStorage.clear();
  chosen.refreshChosenAddresses();
});

describe('chosen addresses under DELIVERY and BILLING (docs/requirements.md §3)', () => {
  test('a choice is stored as the Address object and read back', () => {
    chosen.chooseAddress('Delivery', address());
    chosen.chooseAddress('Billing', billing);
    expect(stored('DELIVERY')).toEqual(address());
    expect(stored('BILLING')).toEqual(billing);
    expect(chosen.getChosenAddresses()).toEqual({ Delivery: address(), Billing: billing });
    chosen.chooseAddress('Billing', null);
    expect(stored('BILLING')).toBeNull();
    expect(chosen.getChosenAddresses().Billing).toBeNull();
  });

  test('any address may be billed to; only a delivery address delivered to', () => {
    chosen.chooseAddress('Billing', address());
    expect(chosen.getChosenAddresses().Billing).toEqual(address());
    expect(() => chosen.chooseAddress('Delivery', billing)).toThrow();
    expect(stored('DELIVERY')).toBeNull();
  });

  test('what is not an address reads as no choice and is removed', () => {
    for (const bad of ['not json', '{"Id":"1"}', JSON.stringify({ ...address(), Id: undefined })]) {
      localStorage.setItem('DELIVERY', bad);
      chosen.refreshChosenAddresses();
      expect(chosen.getChosenAddresses().Delivery).toBeNull();
      expect(localStorage.getItem('DELIVERY')).toBeNull();
    }
    // a billing address stored as the delivery one
    localStorage.setItem('DELIVERY', JSON.stringify(billing));
    chosen.refreshChosenAddresses();
    expect(chosen.getChosenAddresses().Delivery).toBeNull();
  });

  test('deleting a chosen address clears its choice, even one made in another tab', () => {
    chosen.chooseAddress('Delivery', address());
    localStorage.setItem('BILLING', JSON.stringify(address())); // another tab, unheard
    chosen.forgetChosenAddress(1);
    expect(chosen.getChosenAddresses()).toEqual({ Delivery: null, Billing: null });
    expect([stored('DELIVERY'), stored('BILLING')]).toEqual([null, null]);
  });

  test('a chosen address saved again is stored anew, or let go when it became billing', () => {
    chosen.chooseAddress('Delivery', address());
    chosen.chooseAddress('Billing', address());
    const moved = address({ Line1: '4 Mont Millais', Updated: '2026-11-23T10:00:00.000Z' });
    chosen.refreshChosenAddress(moved);
    expect(chosen.getChosenAddresses()).toEqual({ Delivery: moved, Billing: moved });
    chosen.refreshChosenAddress({ ...moved, Type: 'Billing' });
    expect(chosen.getChosenAddresses().Delivery).toBeNull();
    expect(chosen.getChosenAddresses().Billing?.Type).toBe('Billing');
    chosen.refreshChosenAddress(address({ Id: 9 })); // not chosen: nothing changes
    expect(chosen.getChosenAddresses().Billing?.Id).toBe(1);
  });
});
