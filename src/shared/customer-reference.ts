// The customer reference written on parcels (decision 0004): `FB`, five random characters and a
// check character, e.g. `FB7KXM3X`. The 23 characters avoid what handwriting confuses: O and 0,
// I, 1 and L, S and 5, Z and 2, U and V, B and 8, G and 6 (the letters of each pair go, and the
// digits 0, 1, 2 and 5 too).
// The check makes the weighted sum of all six characters 0 modulo 23, a prime, so every
// single-character substitution and every transposition (adjacent or not) changes the sum.

export const REFERENCE_PREFIX = 'FB';
export const REFERENCE_ALPHABET = '346789ACDEFHJKMNPQRTWXY';
const BODY_LENGTH = 5;
const MODULUS = REFERENCE_ALPHABET.length; // 23, prime
// Weights of the five body characters, then 1 for the check character: distinct, non-zero.
const WEIGHTS = [6, 5, 4, 3, 2] as const;

const VALID_SHAPE = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${BODY_LENGTH + 1}}$`);

/** A source of random whole numbers from 0 up to but not including `maxExclusive`. */
export type RandomInt = (maxExclusive: number) => number;

function weightedSum(body: string): number {
  return [...body].reduce(
    (sum, char, index) => sum + WEIGHTS[index] * REFERENCE_ALPHABET.indexOf(char),
    0,
  );
}

function checkCharacter(body: string): string {
  return REFERENCE_ALPHABET[(MODULUS - (weightedSum(body) % MODULUS)) % MODULUS];
}

/**
 * A new reference from the given randomness: the server passes `crypto.randomInt`, tests a
 * seeded source. Uniqueness is the caller's to check (retry on a clash).
 */
export function generateReference(randomInt: RandomInt): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) {
    const index = randomInt(MODULUS);
    if (!Number.isInteger(index) || index < 0 || index >= MODULUS) {
      throw new RangeError(`randomInt(${MODULUS}) returned ${index}`);
    }
    body += REFERENCE_ALPHABET[index];
  }
  return `${REFERENCE_PREFIX}${body}${checkCharacter(body)}`;
}

/** A reference as typed or read back: trimmed, upper-cased, spaces and hyphens removed. */
export function normaliseReference(text: string): string {
  return text.toUpperCase().replace(/[\s-]+/g, '');
}

/**
 * Whether the text (normalised first) is shaped like a reference, `FB` and six letters or digits,
 * right or not: one whose check fails is a typo to point out at once (the depot's find field).
 */
export function looksLikeReference(text: string): boolean {
  return new RegExp(`^${REFERENCE_PREFIX}[A-Z0-9]{${BODY_LENGTH + 1}}$`).test(
    normaliseReference(text),
  );
}

/** Whether the text (normalised first) is a well-formed reference with a correct check. */
export function isValidReference(text: string): boolean {
  const reference = normaliseReference(text);
  if (!VALID_SHAPE.test(reference)) return false;
  const body = reference.slice(REFERENCE_PREFIX.length, -1);
  return reference.endsWith(checkCharacter(body));
}
