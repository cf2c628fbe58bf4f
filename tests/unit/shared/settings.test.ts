import { describe, expect, test } from 'vitest';
import { flattenSettings } from '../../../src/shared/settings';

describe('settings flattening (docs/requirements.md §3)', () => {
  test('items become a map keyed by category then name, Value parsed as JSON', () => {
    expect(
      flattenSettings([
        { Category: 'Site', Name: 'Notice', Value: '"Ferries delayed by fog"' },
        { Category: 'Site', Name: 'ShowNotice', Value: 'true' },
        { Category: 'Depot', Name: 'Hours', Value: '{"open":"07:00","close":"16:00"}' },
        { Category: 'Depot', Name: 'Days', Value: '[1,2,3,4,5]' },
        { Category: 'Pricing', Name: 'VatRate', Value: '0' },
        { Category: 'Pricing', Name: 'Nothing', Value: 'null' },
      ]),
    ).toEqual({
      Site: { Notice: 'Ferries delayed by fog', ShowNotice: true },
      Depot: { Hours: { open: '07:00', close: '16:00' }, Days: [1, 2, 3, 4, 5] },
      Pricing: { VatRate: 0, Nothing: null },
    });
  });

  test('a Value that is not valid JSON is kept as its text, never thrown', () => {
    expect(
      flattenSettings([
        { Category: 'Contact', Name: 'Phone', Value: '01534 000000' },
        { Category: 'Contact', Name: 'Broken', Value: '{"open":' },
        { Category: 'Contact', Name: 'Empty', Value: '' },
      ]),
    ).toEqual({ Contact: { Phone: '01534 000000', Broken: '{"open":', Empty: '' } });
  });

  test('no items give an empty map; a repeated name keeps the last value', () => {
    expect(flattenSettings([])).toEqual({});
    expect(
      flattenSettings([
        { Category: 'A', Name: 'x', Value: '1' },
        { Category: 'A', Name: 'x', Value: '2' },
      ]),
    ).toEqual({ A: { x: 2 } });
  });

  test('a key named __proto__ is an ordinary key, not a prototype', () => {
    const map = flattenSettings([{ Category: '__proto__', Name: 'polluted', Value: 'true' }]);
    expect(Object.keys(map)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
  });
});
