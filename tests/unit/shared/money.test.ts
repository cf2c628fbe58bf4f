import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatMoney, formatPounds, sumPence, toPence, toPounds } from '../../../src/shared/money';

/** Whole pence within what a parcel service ever charges or declares (±£10m). */
const pence = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('toPence / toPounds', () => {
  test('two-decimal pounds convert exactly', () => {
    expect(toPence(12.5)).toBe(1250);
    expect(toPence(6.95)).toBe(695);
    expect(toPence(1.15)).toBe(115);
    expect(toPence(0)).toBe(0);
    expect(toPence(-1)).toBe(-100);
    expect(toPounds(1250)).toBe(12.5);
    expect(toPounds(695)).toBe(6.95);
  });

  test('binary float noise is absorbed: 0.1 + 0.2 is 30 pence, 1.005 rounds to 101', () => {
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPence(1.005)).toBe(101);
    expect(toPence(-1.005)).toBe(-101);
    expect(toPence(0.285)).toBe(29);
  });

  test('more than two decimals round half away from zero', () => {
    expect(toPence(2.344)).toBe(234);
    expect(toPence(2.345)).toBe(235);
    expect(toPence(-2.345)).toBe(-235);
    expect(Object.is(toPence(-0.001), 0)).toBe(true);
  });

  test('non-amounts are refused', () => {
    expect(() => toPence(Number.NaN)).toThrow(RangeError);
    expect(() => toPence(Infinity)).toThrow(RangeError);
    expect(() => toPounds(1.5)).toThrow(RangeError);
  });

  test('property: pence → pounds → pence is the identity', () => {
    fc.assert(fc.property(pence, (p) => toPence(toPounds(p)) === p));
  });

  test('property: toPounds gives the two-decimal number people read', () => {
    fc.assert(fc.property(pence, (p) => toPounds(p) === Number((p / 100).toFixed(2))));
  });

  test('property: adding pounds as floats then converting equals adding pence (no drift)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000_00 }), { maxLength: 50 }),
        (amounts) => {
          const floatSum = amounts.map(toPounds).reduce((a, b) => a + b, 0);
          return toPence(floatSum) === sumPence(amounts);
        },
      ),
    );
  });

  test('sumPence of nothing is 0', () => {
    expect(sumPence([])).toBe(0);
    expect(sumPence([695, 250, 1])).toBe(946);
  });
});

describe('money is shown with a pound sign and 2 decimals (docs/requirements.md §9)', () => {
  test('examples', () => {
    expect(formatMoney(1250)).toBe('£12.50');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(-100)).toBe('-£1.00');
    expect(formatMoney(123456789)).toBe('£1,234,567.89');
    expect(formatMoney(100000)).toBe('£1,000.00');
    expect(formatPounds(25)).toBe('£25.00');
    expect(formatPounds(0.1 + 0.2)).toBe('£0.30');
  });

  test('property: the shown text reads back as the same amount', () => {
    fc.assert(
      fc.property(pence, (p) => {
        const text = formatMoney(p);
        expect(text).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(toPence(Number(text.replace(/[£,]/g, '')))).toBe(p);
      }),
    );
  });

  test('fractions of a penny cannot be shown', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });
});
