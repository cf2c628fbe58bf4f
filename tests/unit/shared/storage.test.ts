// The storage clock's rules (terms 10.2 and 10.3), and the FAQ and the terms stating
// the values a new installation is seeded with.
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../../src/shared/money';
import {
  DEFAULT_STORAGE_RULES,
  storageClock,
  storageReminderDue,
  storageRulesOf,
} from '../../../src/shared/storage';
import { DEFAULT_HOUSEHOLD_LIMIT, householdLimitOf } from '../../../src/shared/household';

const DAY = 24 * 60 * 60 * 1000;
const arrived = new Date('2026-11-02T10:30:00Z');
const after = (days: number, ms = 0) => new Date(arrived.getTime() + days * DAY + ms);
const rules = DEFAULT_STORAGE_RULES;

describe('storageClock', () => {
  test('counts whole days from the arrival’s time', () => {
    expect(storageClock(arrived, arrived, rules)).toEqual({
      Days: 0,
      Phase: 'free',
      ChargesFrom: '2026-11-16T10:30:00.000Z',
      AbandonableFrom: '2027-01-01T10:30:00.000Z',
      ChargedDays: 0,
      Charge: 0,
      ChargePerDay: 0.5,
    });
    expect(storageClock(arrived, after(14, -1), rules)).toMatchObject({ Days: 13, Phase: 'free' });
    expect(storageClock(arrived, after(14), rules)).toMatchObject({
      Days: 14,
      Phase: 'charging',
      ChargedDays: 0,
    });
    expect(storageClock(arrived, after(17, 5), rules)).toMatchObject({
      ChargedDays: 3,
      Charge: 1.5,
    });
    expect(storageClock(arrived, after(60), rules)).toMatchObject({
      Phase: 'abandonable',
      ChargedDays: 46,
      Charge: 23,
    });
    expect(storageClock(arrived, after(90), rules).ChargedDays).toBe(46);
    // a clock set before the arrival (another machine's time) shows day 0
    expect(storageClock(arrived, after(-1), rules)).toMatchObject({ Days: 0, Phase: 'free' });
  });
});

describe('storageReminderDue', () => {
  test('from its days before the date, once', () => {
    expect(storageReminderDue(arrived, after(10, DAY - 1), rules)).toBeNull();
    expect(storageReminderDue(arrived, after(11), rules)).toBe('charges-soon');
    expect(storageReminderDue(arrived, after(14, -1), rules)).toBe('charges-soon');
    expect(storageReminderDue(arrived, after(14, -1), rules, ['charges-soon'])).toBeNull();
    expect(storageReminderDue(arrived, after(53, -1), rules, ['charges-soon'])).toBeNull();
    expect(storageReminderDue(arrived, after(53), rules, ['charges-soon'])).toBe('abandon-soon');
    expect(
      storageReminderDue(arrived, after(60), rules, ['charges-soon', 'abandon-soon']),
    ).toBeNull();
  });

  test('a window missed is caught up once, the abandonment’s superseding the charges’', () => {
    // the job was down from day 10 to day 20: the charges' reminder goes late, once
    expect(storageReminderDue(arrived, after(20), rules)).toBe('charges-soon');
    expect(storageReminderDue(arrived, after(20), rules, ['charges-soon'])).toBeNull();
    // down from day 10 to day 55: only the abandonment's goes
    expect(storageReminderDue(arrived, after(55), rules)).toBe('abandon-soon');
    expect(storageReminderDue(arrived, after(55), rules, ['abandon-soon'])).toBeNull();
    // down past the abandonment day: still told once, while staff have not decided
    expect(storageReminderDue(arrived, after(62), rules, ['charges-soon'])).toBe('abandon-soon');
  });

  test('no reminder of a charge when storage is free', () => {
    expect(storageReminderDue(arrived, after(12), { ...rules, chargePerDayPence: 0 })).toBeNull();
  });
});

describe('the settings as rules', () => {
  test('a missing or senseless value is the default; abandonment never before the charges', () => {
    expect(storageRulesOf(undefined)).toEqual(DEFAULT_STORAGE_RULES);
    expect(
      storageRulesOf({
        FreeDays: 7,
        ChargePerDayPence: 'lots',
        AbandonDays: -1,
        ChargeReminderDays: 2.5,
      }),
    ).toEqual({ ...DEFAULT_STORAGE_RULES, freeDays: 7 });
    expect(storageRulesOf({ FreeDays: 90 })).toMatchObject({ freeDays: 90, abandonDays: 90 });
    expect(householdLimitOf(undefined)).toBe(DEFAULT_HOUSEHOLD_LIMIT);
    expect(householdLimitOf(2)).toBe(2);
    expect(householdLimitOf(-1)).toBe(DEFAULT_HOUSEHOLD_LIMIT);
  });
});

describe('the FAQ and the terms say the seeded values', () => {
  const faq = fs.readFileSync('content/pages/faqs.md', 'utf8');
  const terms = fs.readFileSync('content/pages/terms-and-conditions.md', 'utf8');
  const perDay = `${formatMoney(rules.chargePerDayPence)} a day`;

  test('the storage rules', () => {
    for (const text of [faq, terms]) {
      // in bold, as "**14 days**" or "**For the first 14 days**"
      expect(text).toMatch(new RegExp(`\\*\\*[^*]*\\b${rules.freeDays} days\\*\\*`));
      expect(text).toMatch(new RegExp(`\\*\\*[^*]*\\b${rules.abandonDays} days\\*\\*`));
      expect(text).toContain(`**${perDay}**`);
      expect(text).toContain(`**${rules.chargeReminderDays} days**`);
      expect(text).toContain(`**${rules.abandonReminderDays} days**`);
    }
  });

  test('the household', () => {
    expect(faq).toContain(`Name up to **${DEFAULT_HOUSEHOLD_LIMIT}** people`);
  });
});
