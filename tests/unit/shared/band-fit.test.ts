import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  compareBands,
  fitsBand,
  smallestFittingBand,
  type FittableBand,
} from '../../../src/shared/band-fit';
import { seedProducts } from '../../../src/server/db/seed-data';

// The seeded catalogue, as the API returns it.
const bands: FittableBand[] = seedProducts.map((p, i) => ({
  Id: i + 1,
  Length: p.lengthMm,
  Width: p.widthMm,
  Height: p.heightMm,
  MaxWeight: p.maxWeightGrams,
  Price: p.pricePence / 100,
  SortOrder: i + 1,
}));
const code = (band: FittableBand | null) => (band ? seedProducts[band.Id - 1].code : null);

describe('fitting a parcel in a price band', () => {
  const a = bands[0]; // 350 × 250 × 160 mm, 5 kg

  test('a parcel no larger on any side fits, in any orientation', () => {
    expect(fitsBand({ length: 350, width: 250, height: 160 }, 5000, a)).toBe(true);
    expect(fitsBand({ length: 160, width: 350, height: 250 }, 100, a)).toBe(true);
    expect(fitsBand({ length: 250, width: 160, height: 350 }, 100, a)).toBe(true);
  });

  test('one side too long, or too heavy, does not fit', () => {
    expect(fitsBand({ length: 351, width: 250, height: 160 }, 100, a)).toBe(false);
    expect(fitsBand({ length: 300, width: 300, height: 100 }, 100, a)).toBe(false); // 2nd side
    expect(fitsBand({ length: 100, width: 100, height: 100 }, 5001, a)).toBe(false);
  });

  test('the smallest band that fits is offered', () => {
    expect(code(smallestFittingBand({ length: 300, width: 200, height: 100 }, 1000, bands))).toBe(
      'A',
    );
    expect(code(smallestFittingBand({ length: 400, width: 300, height: 200 }, 2000, bands))).toBe(
      'B',
    );
    // Light but long: K (2000 × 800 × 600), not the dearer, squarer L.
    expect(
      code(smallestFittingBand({ length: 1900, width: 500, height: 400 }, 10_000, bands)),
    ).toBe('K');
    // Heavy but small: the weight decides.
    expect(code(smallestFittingBand({ length: 100, width: 100, height: 100 }, 12_000, bands))).toBe(
      'C',
    );
  });

  test('a parcel that fits nothing needs a quote', () => {
    expect(smallestFittingBand({ length: 2100, width: 100, height: 100 }, 100, bands)).toBeNull();
    expect(
      smallestFittingBand({ length: 100, width: 100, height: 100 }, 100_001, bands),
    ).toBeNull();
    expect(smallestFittingBand({ length: 100, width: 100, height: 100 }, 1, [])).toBeNull();
  });

  const size = fc.record({
    length: fc.integer({ min: 1, max: 2500 }),
    width: fc.integer({ min: 1, max: 2500 }),
    height: fc.integer({ min: 1, max: 2500 }),
  });
  const weight = fc.integer({ min: 1, max: 120_000 });

  test('property: the band offered fits, and no cheaper band does', () => {
    fc.assert(
      fc.property(size, weight, (s, w) => {
        const band = smallestFittingBand(s, w, bands);
        if (band === null) {
          expect(bands.some((b) => fitsBand(s, w, b))).toBe(false);
          return;
        }
        expect(fitsBand(s, w, band)).toBe(true);
        for (const other of bands) {
          if (compareBands(other, band) < 0) expect(fitsBand(s, w, other)).toBe(false);
        }
      }),
    );
  });

  test('property: turning the parcel never changes the answer', () => {
    fc.assert(
      fc.property(size, weight, (s, w) => {
        const turned = { length: s.height, width: s.length, height: s.width };
        expect(smallestFittingBand(turned, w, bands)).toBe(smallestFittingBand(s, w, bands));
      }),
    );
  });

  test('property: the catalogue order never changes the answer', () => {
    fc.assert(
      fc.property(
        size,
        weight,
        fc.shuffledSubarray(bands, { minLength: bands.length }),
        (s, w, shuffled) => {
          expect(smallestFittingBand(s, w, shuffled)).toBe(smallestFittingBand(s, w, bands));
        },
      ),
    );
  });

  test('property: a parcel that fits a band still fits when smaller or lighter', () => {
    fc.assert(
      fc.property(size, weight, fc.constantFrom(...bands), (s, w, band) => {
        fc.pre(fitsBand(s, w, band));
        const smaller = { length: Math.ceil(s.length / 2), width: s.width, height: s.height };
        expect(fitsBand(smaller, Math.ceil(w / 2), band)).toBe(true);
      }),
    );
  });
});
