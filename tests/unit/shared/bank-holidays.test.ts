// The closing days the timetable is seeded with, against the published lists of England (GOV.UK)
// and of the islands (gov.je, gov.gg) for 2026 to 2028.
import { describe, expect, test } from 'vitest';
import { bankHolidays, ISLAND_JURISDICTION } from '../../../src/shared/sailings/bank-holidays';

const dates = (j: Parameters<typeof bankHolidays>[0], year: number) =>
  bankHolidays(j, year).map((h) => h.date);

describe('England', () => {
  test('2026: Boxing Day on a Saturday is kept on Monday 28 December', () => {
    expect(dates('england', 2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
    expect(bankHolidays('england', 2026).at(-1)?.name).toBe('Boxing Day (substitute day)');
  });

  test('2027: Christmas on a Saturday and Boxing Day on a Sunday give Monday 27 and Tuesday 28', () => {
    expect(dates('england', 2027)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ]);
  });

  test('2028: New Year’s Day on a Saturday is kept on Monday 3 January', () => {
    expect(dates('england', 2028)).toEqual([
      '2028-01-03',
      '2028-04-14',
      '2028-04-17',
      '2028-05-01',
      '2028-05-29',
      '2028-08-28',
      '2028-12-25',
      '2028-12-26',
    ]);
  });

  test('Christmas on a Sunday: Boxing Day keeps Monday 26, Christmas moves to Tuesday 27 (2022)', () => {
    const days = bankHolidays('england', 2022).slice(-2);
    expect(days).toEqual([
      { date: '2022-12-26', name: 'Boxing Day' },
      { date: '2022-12-27', name: 'Christmas Day (substitute day)' },
    ]);
  });
});

describe('the islands', () => {
  test('Jersey and Guernsey add Liberation Day on 9 May, not moved from a weekend', () => {
    for (const island of ['jersey', 'guernsey'] as const) {
      expect(dates(island, 2026)).toContain('2026-05-09'); // a Saturday
      expect(dates(island, 2027)).toContain('2027-05-09'); // a Sunday
      expect(dates(island, 2028)).toContain('2028-05-09'); // a Tuesday
      expect(dates(island, 2027)).not.toContain('2027-05-10');
      expect(dates(island, 2028)).toHaveLength(9);
    }
    expect(dates('england', 2028)).not.toContain('2028-05-09');
  });

  test('Sark keeps its Liberation Day on 10 May, not the 9th', () => {
    expect(dates('sark', 2028)).toContain('2028-05-10');
    expect(dates('sark', 2028)).not.toContain('2028-05-09');
  });

  test('Alderney: no Liberation Day, summer bank holiday the first Monday of August, Homecoming Day', () => {
    const alderney = bankHolidays('alderney', 2026);
    expect(alderney.map((h) => h.date)).not.toContain('2026-05-09');
    expect(alderney).toContainEqual({ date: '2026-08-03', name: 'Summer bank holiday' });
    expect(alderney.map((h) => h.date)).not.toContain('2026-08-31');
    expect(alderney).toContainEqual({ date: '2026-12-15', name: 'Homecoming Day' });
    expect(dates('alderney', 2027)).toContain('2027-08-02');
    expect(dates('alderney', 2028)).toContain('2028-08-07');
  });

  test('Herm keeps Guernsey’s days', () => {
    expect(ISLAND_JURISDICTION.Herm).toBe('guernsey');
  });
});
