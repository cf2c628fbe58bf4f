import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  displayToStoredDate,
  formatDisplayDate,
  formatStoredDate,
  parseDisplayDate,
  parseStoredDate,
  storedToDisplayDate,
} from '../../../src/shared/dates';

/** Any calendar day from year 1000 to 9999, at local midnight. */
const day = fc
  .date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true })
  .map((d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()));

describe('dates: displayed dd-MM-yyyy, stored yyyy-MM-dd (docs/requirements.md §9)', () => {
  test('examples', () => {
    const date = new Date(2024, 1, 29);
    expect(formatDisplayDate(date)).toBe('29-02-2024');
    expect(formatStoredDate(date)).toBe('2024-02-29');
    expect(storedToDisplayDate('2024-02-29')).toBe('29-02-2024');
    expect(displayToStoredDate('01-12-1999')).toBe('1999-12-01');
  });

  test('days that do not exist are refused', () => {
    expect(parseDisplayDate('31-02-2024')).toBeNull();
    expect(parseStoredDate('2024-02-31')).toBeNull();
    expect(parseStoredDate('2023-02-29')).toBeNull();
    expect(parseStoredDate('2024-13-01')).toBeNull();
    expect(parseDisplayDate('00-01-2024')).toBeNull();
  });

  test('text not exactly in the pattern is refused', () => {
    for (const text of [
      '1-2-2024',
      '01-02-24',
      '2024-02-01',
      '01/02/2024',
      ' 01-02-2024',
      '01-02-2024x',
      '',
    ]) {
      expect(parseDisplayDate(text), text).toBeNull();
    }
    for (const text of ['2024-2-1', '24-02-01', '01-02-2024', '2024-02-01T00:00', '']) {
      expect(parseStoredDate(text), text).toBeNull();
    }
    expect(storedToDisplayDate('2024-02-31')).toBeNull();
    expect(displayToStoredDate('31-02-2024')).toBeNull();
  });

  test('property: format then parse gives the same day, both ways', () => {
    fc.assert(
      fc.property(day, (date) => {
        expect(parseDisplayDate(formatDisplayDate(date))).toEqual(date);
        expect(parseStoredDate(formatStoredDate(date))).toEqual(date);
        expect(storedToDisplayDate(formatStoredDate(date))).toBe(formatDisplayDate(date));
        expect(displayToStoredDate(formatDisplayDate(date))).toBe(formatStoredDate(date));
      }),
    );
  });

  test('property: a day number past the end of its month is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        (year, month) => {
          const last = new Date(year, month, 0).getDate();
          const mm = String(month).padStart(2, '0');
          expect(parseStoredDate(`${year}-${mm}-${last}`)).not.toBeNull();
          for (let dayNumber = last + 1; dayNumber <= 31; dayNumber++) {
            expect(parseStoredDate(`${year}-${mm}-${dayNumber}`)).toBeNull();
            expect(parseDisplayDate(`${dayNumber}-${mm}-${year}`)).toBeNull();
          }
        },
      ),
    );
  });
});
