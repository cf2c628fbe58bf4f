import { describe, expect, test } from 'vitest';
import type { FittableBand } from '../../../src/shared/band-fit';
import { EXCESS_REASONS, excessCarriage, type ExcessOutcome } from '../../../src/shared/excess';
import { seedProducts } from '../../../src/server/db/seed-data';

// The seeded catalogue, as the API returns it (bands A to M).
const bands = seedProducts.map((p, i) => ({
  Id: i + 1,
  Code: p.code,
  Length: p.lengthMm,
  Width: p.widthMm,
  Height: p.heightMm,
  MaxWeight: p.maxWeightGrams,
  Price: p.pricePence / 100,
  SortOrder: i + 1,
}));
type Band = (typeof bands)[number];
const byCode = (code: string) => bands.find((b) => b.Code === code)!;
const pence = (b: Band) => Math.round(b.Price * 100);

/** Booked and paid at the band's catalogue price. */
const booked = (b: Band) => ({ band: b, paidPence: pence(b) });
const atLimits = (b: Band) => ({
  size: { length: b.Length, width: b.Width, height: b.Height },
  weightGrams: b.MaxWeight,
});
const summary = (outcome: ExcessOutcome<Band>) =>
  outcome.kind === 'excess'
    ? { kind: outcome.kind, code: outcome.band.Code, amountPence: outcome.amountPence }
    : { kind: outcome.kind };

// The band each seeded band's parcel goes to when it is 1 mm longer, or 1 g heavier, than the
// band allows (worked out by hand from the catalogue: a band further on than the next letter
// where the next one is no longer, or no heavier); null: larger than every band, a quote.
const NEXT: Record<string, { longer: string | null; heavier: string | null }> = {
  A: { longer: 'B', heavier: 'B' },
  B: { longer: 'C', heavier: 'C' },
  C: { longer: 'D', heavier: 'D' },
  D: { longer: 'E', heavier: 'E' },
  E: { longer: 'F', heavier: 'F' },
  F: { longer: 'G', heavier: 'H' }, // G takes 30 kg too
  G: { longer: 'H', heavier: 'H' },
  H: { longer: 'J', heavier: 'I' }, // I is 1200 mm long too
  I: { longer: 'J', heavier: 'J' },
  J: { longer: 'K', heavier: 'K' },
  K: { longer: null, heavier: 'M' }, // nothing is longer than 2000 mm; L is only 1500 mm long
  L: { longer: 'M', heavier: 'M' },
  M: { longer: null, heavier: null },
};

describe('excess carriage at each band edge', () => {
  for (const band of bands) {
    const { longer, heavier } = NEXT[band.Code];

    test(`band ${band.Code}: exactly at its limits is within it`, () => {
      expect(excessCarriage(atLimits(band), booked(band), bands)).toEqual({ kind: 'within' });
    });

    test(`band ${band.Code}: 1 mm longer is band ${longer ?? 'none (a quote)'}`, () => {
      const parcel = atLimits(band);
      parcel.size.length += 1;
      const outcome = excessCarriage(parcel, booked(band), bands);
      expect(summary(outcome)).toEqual(
        longer
          ? { kind: 'excess', code: longer, amountPence: pence(byCode(longer)) - pence(band) }
          : { kind: 'quote' },
      );
    });

    test(`band ${band.Code}: 1 g heavier is band ${heavier ?? 'none (a quote)'}`, () => {
      const parcel = atLimits(band);
      parcel.weightGrams += 1;
      const outcome = excessCarriage(parcel, booked(band), bands);
      expect(summary(outcome)).toEqual(
        heavier
          ? { kind: 'excess', code: heavier, amountPence: pence(byCode(heavier)) - pence(band) }
          : { kind: 'quote' },
      );
    });
  }

  test('any orientation: the sides are compared longest with longest', () => {
    const a = byCode('A'); // 350 × 250 × 160
    const turned = { size: { length: 160, width: 350, height: 250 }, weightGrams: 5000 };
    expect(excessCarriage(turned, booked(a), bands)).toEqual({ kind: 'within' });
    const secondSide = { size: { length: 300, width: 251, height: 100 }, weightGrams: 100 };
    expect(summary(excessCarriage(secondSide, booked(a), bands))).toEqual({
      kind: 'excess',
      code: 'B',
      amountPence: 300,
    });
  });

  test('the difference is from what was paid for carriage, at today’s price of the band', () => {
    const a = byCode('A');
    const parcel = { size: { length: 400, width: 300, height: 150 }, weightGrams: 2000 };
    // Paid £5.95 for A (an older price): B today is £9.95, so £4.00 is owed.
    expect(summary(excessCarriage(parcel, { band: a, paidPence: 595 }, bands))).toEqual({
      kind: 'excess',
      code: 'B',
      amountPence: 400,
    });
  });

  test('a band it fits that costs no more than was paid owes nothing', () => {
    // Booked L (1500 × 1000 × 1000, £99.95); 1600 mm long and thin fits K (£84.95).
    const parcel = { size: { length: 1600, width: 700, height: 500 }, weightGrams: 30_000 };
    expect(excessCarriage(parcel, booked(byCode('L')), bands)).toEqual({ kind: 'within' });
  });

  test('over every band: held for the office to quote, never a guess', () => {
    const parcel = { size: { length: 2100, width: 500, height: 500 }, weightGrams: 10_000 };
    expect(excessCarriage(parcel, booked(byCode('C')), bands)).toEqual({
      kind: 'quote',
      reason: EXCESS_REASONS.overEveryBand,
    });
    const tooHeavy = { size: { length: 100, width: 100, height: 100 }, weightGrams: 100_001 };
    expect(excessCarriage(tooHeavy, booked(byCode('A')), bands).kind).toBe('quote');
    // With no bands offered at all, nothing is guessed either.
    const parcel2 = { size: { length: 400, width: 100, height: 100 }, weightGrams: 100 };
    expect(excessCarriage(parcel2, booked(byCode('A')), [] as FittableBand[]).kind).toBe('quote');
  });

  test('a booking the office priced is compared with the size it declared', () => {
    const declared = { size: { length: 2500, width: 900, height: 400 }, weightGrams: 120_000 };
    const quoted = { band: null, paidPence: 25_000, declared };
    const same = { size: { length: 900, width: 400, height: 2500 }, weightGrams: 120_000 };
    expect(excessCarriage(same, quoted, bands)).toEqual({ kind: 'within' });
    const longer = { size: { length: 2501, width: 900, height: 400 }, weightGrams: 1000 };
    expect(excessCarriage(longer, quoted, bands)).toEqual({
      kind: 'quote',
      reason: EXCESS_REASONS.overDeclared,
    });
    const heavier = { size: { length: 100, width: 100, height: 100 }, weightGrams: 120_001 };
    expect(excessCarriage(heavier, quoted, bands).kind).toBe('quote');
    // Nothing declared: nothing to compare with.
    expect(excessCarriage(longer, { band: null, paidPence: 0 }, bands)).toEqual({
      kind: 'within',
    });
  });
});
