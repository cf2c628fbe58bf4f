import { describe, expect, test } from 'vitest';
import {
  addressLines,
  emptyAddressForm,
  islandPostcode,
  isSavedAddressShape,
  normalisePostcode,
  parishesOf,
  validateAddressForm,
} from '../../../src/shared/addresses';
import { COUNTRY_CODES } from '../../../src/shared/country-codes';
import { addressSchema } from '../../../src/shared/api/addresses';

describe('island postcodes', () => {
  test('are written the Royal Mail way', () => {
    expect(normalisePostcode(' je2  3ab ')).toBe('JE2 3AB');
    expect(normalisePostcode('gy101sa')).toBe('GY10 1SA');
    expect(normalisePostcode('ab')).toBe('AB');
  });

  test('JE on Jersey, GY on Guernsey, Alderney, Sark and Herm', () => {
    expect(islandPostcode('Jersey')('je2 3ab')).toBe(true);
    expect(islandPostcode('Jersey')('GY1 1AA')).toBe('A Jersey postcode starts with JE');
    for (const island of ['Guernsey', 'Alderney', 'Sark', 'Herm']) {
      expect(islandPostcode(island)('GY9 3AA')).toBe(true);
      expect(islandPostcode(island)('JE2 3AB')).toBe(`A ${island} postcode starts with GY`);
    }
    expect(islandPostcode('Jersey')('JE')).toBe('Postcode is invalid');
    expect(islandPostcode('Jersey')('')).toBe(true); // `required` says whether it may be empty
    expect(islandPostcode('')('PO1 2AB')).toBe(true); // no island yet: its own rule says so
  });
});

describe('the address form', () => {
  test('parishes only where the island has them', () => {
    expect(parishesOf('Jersey')).toHaveLength(12);
    expect(parishesOf('Guernsey')).toHaveLength(10);
    for (const island of ['Alderney', 'Sark', 'Herm', 'Atlantis', '']) {
      expect(parishesOf(island)).toEqual([]);
    }
  });

  test('a new billing address starts in the UK, a delivery address on no island', () => {
    expect(emptyAddressForm('Billing')).toMatchObject({ Type: 'Billing', Country: 'GB' });
    expect(emptyAddressForm('Delivery')).toMatchObject({ Type: 'Delivery', Island: '' });
  });

  test('the rules follow the type, island and country', () => {
    const delivery = { ...emptyAddressForm('Delivery'), FullName: 'A', Line1: 'B' };
    expect(
      validateAddressForm({ ...delivery, Island: 'Herm', Postcode: 'GY1 3HR' }, COUNTRY_CODES),
    ).toEqual({});
    expect(
      validateAddressForm({ ...delivery, Island: 'Jersey', Postcode: 'JE2 3AB' }, COUNTRY_CODES),
    ).toEqual({ Parish: 'Please choose an option from the list' });
    const billing = { ...emptyAddressForm('Billing'), FullName: 'A', Line1: 'B', Town: 'C' };
    expect(validateAddressForm(billing, COUNTRY_CODES)).toEqual({
      Postcode: 'This field is required',
    });
    expect(validateAddressForm({ ...billing, Country: 'DE' }, COUNTRY_CODES)).toEqual({});
  });
});

describe('addressLines', () => {
  test('a delivery address ends with its island and postcode, a billing one with its country', () => {
    const base = { FullName: 'Ann', Line1: '1 Rue', Company: '', Line2: ' ' };
    expect(
      addressLines({
        ...base,
        Town: 'Gorey',
        Parish: 'Grouville',
        Island: 'Jersey',
        Postcode: 'JE3 9AA',
      }),
    ).toEqual(['Ann', '1 Rue', 'Gorey, Grouville', 'Jersey JE3 9AA']);
    expect(
      addressLines({
        ...base,
        Town: 'Paris',
        Postcode: '75001',
        Island: null,
        CountryName: 'France',
      }),
    ).toEqual(['Ann', '1 Rue', 'Paris', '75001', 'France']);
  });
});

describe('a saved address kept in the browser', () => {
  const saved = {
    Id: 3,
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
  };

  test('is checked without zod exactly as the API schema checks it', () => {
    const values: unknown[] = [
      saved,
      { ...saved, Island: null, Type: 'Billing' },
      { ...saved, Extra: 1 },
      { ...saved, Id: '3' },
      { ...saved, Id: 1.5 },
      { ...saved, Type: 'Home' },
      { ...saved, Island: undefined },
      { ...saved, Updated: undefined },
      { ...saved, Postcode: null },
      null,
      'DELIVERY',
      [],
    ];
    for (const value of values) {
      expect(isSavedAddressShape(value), JSON.stringify(value)).toBe(
        addressSchema.safeParse(value).success,
      );
    }
    expect(isSavedAddressShape(saved)).toBe(true);
    expect(isSavedAddressShape({ ...saved, Id: '3' })).toBe(false);
  });
});
