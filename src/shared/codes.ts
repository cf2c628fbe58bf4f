// The codes of the public pages that work without a login: an export certificate's verification
// code (/verify/{code}) and an order's private tracking code (/track/{code}). Without zod, so
// those pages stay lean.

/** Crockford's base 32: digits and capitals without I, L, O and U, so a code reads back safely. */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 characters of base 32: 100 random bits, unguessable. */
export const PUBLIC_CODE_LENGTH = 20;

/** A code as Crockford reads it: any case, hyphens and spaces ignored, I and L as 1, O as 0. */
export const normalisePublicCode = (text: string) =>
  text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

/** A code as printed: four groups of five (`ABCDE-FGHJK-…`), easier to read out and type. */
export const formatPublicCode = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;
