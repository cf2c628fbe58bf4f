// The customs rules (src/shared/customs.ts, docs/decisions/0040).
import { describe, expect, test } from 'vitest';
import {
  customsDataCsv,
  customsFormFor,
  customsProblem,
  customsRulesOf,
  DEFAULT_CUSTOMS_RULES,
  evidenceDeadline,
  evidenceWarningDue,
  leaveBySoon,
  lineWeightsGrams,
} from '../../../src/shared/customs';

const rules = DEFAULT_CUSTOMS_RULES;
const line = (Quantity: number, ValueEach: number, Description = 'Thing') => ({
  Description,
  Quantity,
  ValueEach,
  Origin: 'GB',
  CommodityCode: '',
});

describe('which declaration', () => {
  test('CN22 up to and including £270, CN23 from £270.01; the limit is a setting', () => {
    expect(customsFormFor(26_999, rules)).toBe('CN22');
    expect(customsFormFor(27_000, rules)).toBe('CN22');
    expect(customsFormFor(27_001, rules)).toBe('CN23');
    const lower = customsRulesOf({ Cn22LimitPence: 10_000 });
    expect(customsFormFor(10_001, lower)).toBe('CN23');
    // a senseless setting is the default's
    expect(customsRulesOf({ Cn22LimitPence: 'lots', EvidenceMonths: -1 })).toEqual(rules);
  });
});

describe('may it leave', () => {
  test('no lines, or lines that do not add up, say why; lines that add up pass', () => {
    expect(customsProblem('ORD-000001', [], 1000)).toMatch(
      /^ORD-000001 cannot be dispatched: it has no item lines/,
    );
    expect(customsProblem('ORD-000001', [line(2, 4.99)], 1000)).toBe(
      'ORD-000001 cannot be dispatched: The item lines add up to £9.98, not the declared value of £10.00. Correct them at receipt from the retailer’s invoice.',
    );
    expect(customsProblem('ORD-000001', [line(2, 5)], 1000)).toBeNull();
  });
});

describe('the data file', () => {
  test('weights shared by value add up to the parcel; cells quoted and formulas kept as text', () => {
    expect(lineWeightsGrams([line(1, 290), line(2, 15)], 4000)).toEqual([3625, 375]);
    expect(lineWeightsGrams([line(1, 1), line(1, 1), line(1, 1)], 1000)).toEqual([334, 333, 333]);
    const csv = customsDataCsv([
      {
        consignment: 'JP2',
        orderReference: 'ORD-000002',
        sender: { name: 'Ferrybox', address: ['Unit 7', 'Portsmouth'] },
        consignee: { name: 'Ann', address: ['1 Rue', 'St Helier'] },
        weightGrams: 1000,
        lines: [line(1, 10, '=SUM(A1) "x", y')],
      },
      {
        consignment: 'JP1',
        orderReference: 'ORD-000001',
        sender: { name: 'Ferrybox', address: ['Unit 7'] },
        consignee: { name: 'Bo', address: ['Sark'] },
        weightGrams: 500,
        lines: [line(3, 2.5, 'Socks')],
      },
    ]).split('\r\n');
    expect(csv[1]).toBe('JP1,ORD-000001,Ferrybox,Unit 7,Bo,Sark,Socks,3,2.50,7.50,GBP,0.500,GB,');
    expect(csv[2]).toBe(
      `JP2,ORD-000002,Ferrybox,"Unit 7, Portsmouth",Ann,"1 Rue, St Helier","'=SUM(A1) ""x"", y",1,10.00,10.00,GBP,1.000,GB,`,
    );
    expect(csv.at(-1)).toBe('');
  });

  test('direction overrides and zero-width characters never reach the carrier (decision 0046)', () => {
    const hidden = '\u202E\u2066\u200B\u200D\uFEFF\u061C\u200E';
    const csv = customsDataCsv([
      {
        consignment: `JP${hidden}3`,
        orderReference: 'ORD-000003',
        sender: { name: 'Ferrybox', address: ['Unit 7'] },
        consignee: { name: `Ann${hidden} Le Brocq`, address: [`1 Rue${hidden} du Pont`] },
        weightGrams: 1000,
        lines: [line(1, 10, `Boots\u202Eexe.txt${hidden}`)],
      },
    ]);
    expect(csv).not.toMatch(/[\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u);
    expect(csv.split('\r\n')[1]).toBe(
      'JP3,ORD-000003,Ferrybox,Unit 7,Ann Le Brocq,1 Rue du Pont,Bootsexe.txt,1,10.00,10.00,GBP,1.000,GB,',
    );
  });
});

describe('evidence in time', () => {
  test('3 months on, or the last day of a shorter month; warned from 14 days before to the day', () => {
    expect(evidenceDeadline('2026-11-02', 3)).toBe('2027-02-02');
    expect(evidenceDeadline('2026-11-30', 3)).toBe('2027-02-28');
    expect(evidenceDeadline('2027-11-30', 3)).toBe('2028-02-29');
    expect(evidenceDeadline('2026-08-31', 3)).toBe('2026-11-30');
    expect(evidenceDeadline('', 3)).toBeNull();
    expect(evidenceDeadline('2026-02-30', 3)).toBeNull();
    expect(evidenceWarningDue('2026-11-30', new Date('2026-11-15T12:00:00Z'), rules)).toBe(false);
    expect(evidenceWarningDue('2026-11-30', new Date('2026-11-16T00:30:00Z'), rules)).toBe(true);
    expect(evidenceWarningDue('2026-11-30', new Date('2026-11-30T22:00:00Z'), rules)).toBe(true);
    expect(evidenceWarningDue('2026-11-30', new Date('2026-12-01T00:30:00Z'), rules)).toBe(false);
  });
});

describe('the screens mark the leave-by date', () => {
  test('from the warning days before, and once past; the warning days are a setting', () => {
    const deadline = '2026-11-30';
    expect(leaveBySoon(deadline, new Date('2026-11-15T12:00:00Z'), rules)).toBe(false);
    expect(leaveBySoon(deadline, new Date('2026-11-16T00:30:00Z'), rules)).toBe(true);
    expect(leaveBySoon(deadline, new Date('2026-12-05T12:00:00Z'), rules)).toBe(true);
    expect(leaveBySoon(null, new Date('2026-12-05T12:00:00Z'), rules)).toBe(false);
    const longer = { ...rules, evidenceWarningDays: 30 };
    expect(leaveBySoon(deadline, new Date('2026-10-31T12:00:00Z'), longer)).toBe(true);
    expect(leaveBySoon(deadline, new Date('2026-10-30T12:00:00Z'), longer)).toBe(false);
  });
});
