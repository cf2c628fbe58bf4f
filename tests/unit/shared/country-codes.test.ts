import { describe, expect, it } from 'vitest';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { COUNTRY_CODES, isCountryCode } from '../../../src/shared/country-codes';
import { countryName } from '../../../src/shared/countries';

describe('country codes, checked without the names', () => {
  it('are exactly the codes the names are given for', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(english.countries).sort());
  });

  it('knows a code in any case, with spaces around, as the names do', () => {
    for (const code of ['JE', 'gg', ' gb ', 'Fr']) {
      expect(isCountryCode(code)).toBe(true);
      expect(countryName(code)).toBeDefined();
    }
    for (const code of ['', 'XX', 'UK', 'GBR', 'J']) {
      expect(isCountryCode(code)).toBe(false);
      expect(countryName(code)).toBeUndefined();
    }
  });
});
