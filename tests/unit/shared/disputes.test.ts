// Disputing a re-measure: the window of days, the one rule of who may dispute what, and
// the FAQ and the terms stating the days a new installation is seeded with.
import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_DISPUTE_DAYS,
  DEFAULT_DISPUTE_DECIDE_DAYS,
  DISPUTE_MESSAGES,
  disputeDaysOf,
  disputeRefusal,
  disputeUntil,
  outcomeText,
  type DisputableInvoice,
} from '../../../src/shared/disputes';

const DAY = 24 * 60 * 60 * 1000;
const raised = new Date('2026-11-10T15:45:00Z');
const excess: DisputableInvoice = { kind: 'excess', status: 'unpaid', createdAt: raised };
const at = (days: number, ms = 0) => new Date(raised.getTime() + days * DAY + ms);

describe('the window of days', () => {
  test('runs whole days of 24 hours from the invoice, its last moment included', () => {
    expect(disputeUntil(raised, 14).toISOString()).toBe('2026-11-24T15:45:00.000Z');
    expect(disputeRefusal(excess, false, raised, 14)).toBeNull();
    expect(disputeRefusal(excess, false, at(14), 14)).toBeNull();
    expect(disputeRefusal(excess, false, at(14, 1), 14)).toBe(DISPUTE_MESSAGES.tooLate(14, at(14)));
    expect(DISPUTE_MESSAGES.tooLate(14, at(14))).toBe(
      'An invoice can be disputed within 14 days: this one could be until 24-11-2026.',
    );
  });

  test('follows the setting; a missing or senseless value is the default', () => {
    expect(disputeRefusal(excess, false, at(3, 1), 3)).toMatch(/within 3 days/);
    expect(disputeRefusal(excess, false, at(3), 3)).toBeNull();
    expect(disputeDaysOf(7)).toBe(7);
    for (const senseless of [undefined, null, 0, -2, 1.5, '14', 366]) {
      expect(disputeDaysOf(senseless)).toBe(DEFAULT_DISPUTE_DAYS);
    }
  });

  test('only excess carriage, once, and not a cancelled invoice', () => {
    expect(disputeRefusal({ ...excess, kind: 'other' }, false, raised, 14)).toBe(
      DISPUTE_MESSAGES.notExcess,
    );
    expect(disputeRefusal(excess, true, raised, 14)).toBe(DISPUTE_MESSAGES.already);
    expect(disputeRefusal({ ...excess, status: 'void' }, false, raised, 14)).toBe(
      DISPUTE_MESSAGES.cancelled,
    );
    expect(disputeRefusal({ ...excess, status: 'paid' }, false, raised, 14)).toBeNull();
  });
});

test('the decision as the customer reads it', () => {
  expect(outcomeText('upheld', 300, 0)).toBe(
    'We checked the measure and the invoice stands at £3.00.',
  );
  expect(outcomeText('reduced', 100, 200)).toBe(
    'We reduced the invoice to £1.00. £2.00 of what you paid is refunded to the card you paid with.',
  );
  expect(outcomeText('cancelled', 0, 0)).toBe('We cancelled the invoice.');
});

describe('the FAQ and the terms say the seeded days', () => {
  test('in bold, as "**14 days**"', () => {
    const faq = fs.readFileSync('content/pages/faqs.md', 'utf8');
    const terms = fs.readFileSync('content/pages/terms-and-conditions.md', 'utf8');
    expect(faq).toContain(`Within **${DEFAULT_DISPUTE_DAYS} days** of the invoice`);
    expect(terms).toContain(`within **${DEFAULT_DISPUTE_DAYS} days** of the date we send it`);
    expect(faq).toContain(`We aim to decide within **${DEFAULT_DISPUTE_DECIDE_DAYS} days**`);
    expect(terms).toContain(`We aim to decide within **${DEFAULT_DISPUTE_DECIDE_DAYS} days**`);
  });
});
