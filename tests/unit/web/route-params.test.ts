import { describe, expect, test } from 'vitest';
import { isDigits, requireDigits } from '../../../src/web/lib/route-params';

describe('requireDigits (docs/requirements.md §2: a digits id must be numeric)', () => {
  test('digits pass through', () => {
    expect(requireDigits('1')).toBe('1');
    expect(requireDigits('0042')).toBe('0042');
    expect(isDigits('123')).toBe(true);
  });

  test.each(['abc', '', '1a', '-1', '1.5', ' 1', '1e3', '١٢'])(
    '%j is a 404 (the not-found page)',
    (value) => {
      expect(isDigits(value)).toBe(false);
      let thrown: unknown;
      try {
        requireDigits(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ init: { status: 404 } });
    },
  );

  test('a missing id is a 404', () => {
    expect(() => requireDigits(undefined)).toThrow();
  });
});
