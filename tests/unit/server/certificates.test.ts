import { describe, expect, test } from 'vitest';
import {
  certificateFileName,
  formatVerificationCode,
  verificationCode,
} from '../../../src/shared/api/certificates';
import { ISLANDS } from '../../../src/shared/islands';
import { ISLAND_PORTS, seaRoute } from '../../../src/shared/sea-routes';
import { newVerificationCode, ukDay } from '../../../src/server/modules/certificates/service';

describe('verification codes', () => {
  test('are 20 characters of Crockford base 32, different every time', () => {
    const codes = new Set(Array.from({ length: 2000 }, newVerificationCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(verificationCode.parse(code)).toBe(code);
    // Every one of the 32 characters turns up: no bias towards a part of the alphabet.
    expect(new Set([...codes].join('')).size).toBe(32);
  });

  test('are read as people type them from the printed certificate', () => {
    const code = '0123456789ABCDEFGHJK';
    expect(formatVerificationCode(code)).toBe('01234-56789-ABCDE-FGHJK');
    expect(verificationCode.parse(' o1234-56789-abcde-fghjk ')).toBe(code);
    expect(verificationCode.parse('0I234 56789 ABCDE FGHJK')).toBe(code);
    expect(verificationCode.parse('0L23456789ABCDEFGHJK')).toBe(code);
  });

  test('anything else is not a code', () => {
    for (const text of [
      '',
      'abc',
      '0123456789ABCDEFGHJ',
      '0123456789ABCDEFGHJKM',
      'U'.repeat(20),
    ]) {
      expect(verificationCode.safeParse(text).success).toBe(false);
    }
  });
});

describe('the export route', () => {
  test('every island has its port, the small islands through Guernsey', () => {
    expect(Object.keys(ISLAND_PORTS).sort()).toEqual([...ISLANDS].sort());
    expect(seaRoute('Jersey')).toBe('Portsmouth (UK) to St Helier, Jersey');
    expect(seaRoute('Guernsey')).toBe('Portsmouth (UK) to St Peter Port, Guernsey');
    expect(seaRoute('Alderney')).toBe(
      'Portsmouth (UK) to St Peter Port, Guernsey, then Braye, Alderney',
    );
    expect(seaRoute('Sark')).toMatch(
      /^Portsmouth \(UK\) to St Peter Port, Guernsey, then .+, Sark$/,
    );
    expect(seaRoute('Herm')).toMatch(
      /^Portsmouth \(UK\) to St Peter Port, Guernsey, then .+, Herm$/,
    );
  });
});

test('the date of export is the day in the UK, and the file is named after the order', () => {
  expect(ukDay(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02'); // BST
  expect(ukDay(new Date('2026-12-14T23:30:00Z'))).toBe('2026-12-14'); // GMT
  expect(certificateFileName('ORD-000042')).toBe('Export-Certificate-ORD-000042.pdf');
});
