import { describe, expect, test } from 'vitest';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { COUNTRY_NAMES, countryOptions, countryName } from '../../../src/shared/countries';

describe('country lookup (docs/requirements.md §3)', () => {
  test('maps about 240 two-letter codes to English names', () => {
    const codes = Object.keys(COUNTRY_NAMES);
    expect(codes.length).toBeGreaterThanOrEqual(240);
    expect(codes.length).toBeLessThan(260);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  test('English names, the islands included', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('JE')).toBe('Jersey');
    expect(countryName('GG')).toBe('Guernsey');
    expect(countryName('FR')).toBe('France');
    expect(countryName(' de ')).toBe('Germany');
  });

  test('a country with several names is shown by its official one', () => {
    expect(countryName('TW')).toBe('Taiwan, Province of China');
    expect(countryName('TR')).toBe('Türkiye');
    expect(countryName('US')).toBe('United States of America');
  });

  test("are i18n-iso-countries' English names, each country's first (official) one", () => {
    const names = english.countries as Record<string, string | string[]>;
    expect(COUNTRY_NAMES).toEqual(
      Object.fromEntries(
        Object.entries(names).map(([code, name]) => [code, Array.isArray(name) ? name[0] : name]),
      ),
    );
  });

  test('unknown codes give undefined', () => {
    expect(countryName('XX')).toBeUndefined();
    expect(countryName('toString')).toBeUndefined();
    expect(countryName('')).toBeUndefined();
  });

  test('options are every country once, sorted by name', () => {
    expect(countryOptions()).toHaveLength(Object.keys(COUNTRY_NAMES).length);
    const names = countryOptions().map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryOptions()).toContainEqual({ code: 'JE', name: 'Jersey' });
  });
});
