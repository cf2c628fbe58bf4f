import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  generateReference,
  isValidReference,
  looksLikeReference,
  normaliseReference,
  REFERENCE_ALPHABET,
  REFERENCE_PREFIX,
} from '../../../src/shared/customer-reference';

/** A reference whose five body characters are the given alphabet indexes. */
function referenceFrom(indexes: readonly number[]): string {
  let next = 0;
  return generateReference(() => indexes[next++]);
}

/** A seeded random source (mulberry32), as a test would pass instead of crypto. */
function seeded(seed: number) {
  let state = seed;
  return (maxExclusive: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * maxExclusive);
  };
}

const bodyIndexes = fc.array(fc.integer({ min: 0, max: REFERENCE_ALPHABET.length - 1 }), {
  minLength: 5,
  maxLength: 5,
});
/** Everything a person might write in place of a character: letters, digits and lookalikes. */
const WRITABLE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

describe('customer reference', () => {
  test('alphabet: 23 characters (a prime), none that handwriting confuses', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(23);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(23);
    // O/0, I/1/L, S/5, Z/2 and U/V go entirely; of B/8 and G/6 the letter goes.
    for (const excluded of 'OILSZBGUV0125') expect(REFERENCE_ALPHABET).not.toContain(excluded);
  });

  test('shape: FB, five characters from the alphabet, one check character', () => {
    const reference = generateReference(seeded(42));
    expect(reference).toMatch(new RegExp(`^FB[${REFERENCE_ALPHABET}]{6}$`));
    expect(REFERENCE_PREFIX).toBe('FB');
    expect(isValidReference(reference)).toBe(true);
  });

  test('a seeded source gives the same references every time', () => {
    const fiveFrom = (random: (maxExclusive: number) => number) =>
      Array.from({ length: 5 }, () => generateReference(random));
    const first = fiveFrom(seeded(7));
    expect(fiveFrom(seeded(7))).toEqual(first);
    expect(new Set(first).size).toBe(5);
    expect(first.every(isValidReference)).toBe(true);
  });

  test('a random source out of range is refused', () => {
    expect(() => generateReference(() => 23)).toThrow(RangeError);
    expect(() => generateReference(() => -1)).toThrow(RangeError);
    expect(() => generateReference(() => 0.5)).toThrow(RangeError);
  });

  test('normalise: upper-case, trimmed, spaces and hyphens removed', () => {
    expect(normaliseReference('  fb-7kx m3x ')).toBe('FB7KXM3X');
    expect(isValidReference(' fb 7kxm3-x ')).toBe(isValidReference('FB7KXM3X'));
  });

  test('well-formedness: wrong prefix, length or characters are refused', () => {
    const reference = referenceFrom([0, 1, 2, 3, 4]);
    expect(isValidReference(reference)).toBe(true);
    expect(isValidReference(`FX${reference.slice(2)}`)).toBe(false);
    expect(isValidReference(reference.slice(0, -1))).toBe(false);
    expect(isValidReference(`${reference}3`)).toBe(false);
    expect(isValidReference('')).toBe(false);
    expect(isValidReference('FB')).toBe(false);
  });

  test('looks like a reference: FB and six letters or digits, its check right or wrong', () => {
    const reference = referenceFrom([0, 1, 2, 3, 4]);
    const typo = `${reference.slice(0, -1)}${reference.endsWith('3') ? '4' : '3'}`;
    expect(looksLikeReference(reference)).toBe(true);
    expect(looksLikeReference(` ${typo.toLowerCase()} `)).toBe(true);
    expect(isValidReference(typo)).toBe(false);
    // a courier's tracking number or an order reference is not a reference with a typo
    for (const other of ['JD0002241234567890', 'ORD-000042', 'FB12345', 'FB1234567']) {
      expect(looksLikeReference(other)).toBe(false);
    }
  });

  test('exhaustive: every single-character substitution in any position is detected', () => {
    // The check is linear, so covering every position with every pair of characters, around a
    // few different bodies, covers every reference.
    for (const body of [
      [0, 0, 0, 0, 0],
      [22, 5, 13, 1, 9],
      [7, 7, 21, 2, 16],
    ]) {
      const reference = referenceFrom(body);
      for (let position = 0; position < reference.length; position++) {
        for (const replacement of WRITABLE) {
          if (replacement === reference[position]) continue;
          const typo = reference.slice(0, position) + replacement + reference.slice(position + 1);
          expect(isValidReference(typo), `${reference} → ${typo}`).toBe(false);
        }
      }
    }
  });

  test('exhaustive: every adjacent transposition of two different characters is detected', () => {
    const n = REFERENCE_ALPHABET.length;
    for (let position = 0; position < 4; position++) {
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) {
          if (a === b) continue;
          const body = [3, 3, 3, 3, 3];
          body[position] = a;
          body[position + 1] = b;
          const reference = referenceFrom(body);
          const swapped = [...reference];
          const i = 2 + position;
          [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
          expect(isValidReference(swapped.join('')), reference).toBe(false);
        }
      }
    }
  });

  test('property: every single typo and every adjacent swap (check character included) is detected', () => {
    fc.assert(
      fc.property(bodyIndexes, (indexes) => {
        const reference = referenceFrom(indexes);
        expect(isValidReference(reference)).toBe(true);
        for (let position = 0; position < reference.length; position++) {
          for (const replacement of WRITABLE) {
            if (replacement === reference[position]) continue;
            const typo = reference.slice(0, position) + replacement + reference.slice(position + 1);
            expect(isValidReference(typo)).toBe(false);
          }
          if (position + 1 < reference.length && reference[position] !== reference[position + 1]) {
            const swapped =
              reference.slice(0, position) +
              reference[position + 1] +
              reference[position] +
              reference.slice(position + 2);
            expect(isValidReference(swapped)).toBe(false);
          }
        }
      }),
    );
  });
});
