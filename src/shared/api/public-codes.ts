import { z } from 'zod';
import { CROCKFORD_BASE32, normalisePublicCode, PUBLIC_CODE_LENGTH } from '../codes';

/**
 * The codes of the public pages that work without a login (/verify/{code}, /track/{code}): 20
 * characters of Crockford base 32, read as Crockford reads (normalisePublicCode).
 */
export const publicCode = (message: string) =>
  z
    .string()
    .max(64)
    .overwrite(normalisePublicCode)
    .regex(new RegExp(`^[${CROCKFORD_BASE32}]{${PUBLIC_CODE_LENGTH}}$`), message);

/**
 * The path parameter of a public check: any text is taken, so that a malformed code is answered
 * as an unknown one (404), never with a hint about the format.
 */
export const publicCodeParams = z.object({ code: z.string().max(200) }).strict();
