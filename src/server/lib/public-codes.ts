import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { CROCKFORD_BASE32, PUBLIC_CODE_LENGTH } from '../../shared/codes';
import { HttpError } from './errors';
import type { RateLimitName } from './rate-limit';
import type { Uses } from './uses';

/**
 * The codes of the public pages that work without a login: an export certificate's verification
 * code (/verify/{code}) and an order's private tracking code (/track/{code}).
 */

/** A new code: 20 characters of Crockford base 32 (100 bits) from the system's CSPRNG. */
export function newPublicCode(): string {
  // 256 is a multiple of 32, so each byte's low five bits are uniform.
  return [...randomBytes(PUBLIC_CODE_LENGTH)].map((byte) => CROCKFORD_BASE32[byte & 31]).join('');
}

/**
 * The one way a public page looks a code up: the caller's address is counted against `limit`
 * first (a 429 with Retry-After past it), so that codes cannot be tried cheaply; a malformed code
 * is answered as an unknown one, a 404 with `notFound`, never with a hint about the format.
 */
export async function findByPublicCode<T>(
  app: Uses<'rateLimiter'>,
  limit: RateLimitName,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    code,
    schema,
    find,
    notFound,
  }: {
    code: string;
    schema: ZodType<string>;
    find: (code: string) => Promise<T | null>;
    notFound: string;
  },
): Promise<T> {
  await app.rateLimiter.enforce(limit, request, reply);
  const parsed = schema.safeParse(code);
  const found = parsed.success ? await find(parsed.data) : null;
  if (!found) throw new HttpError(404, notFound);
  return found;
}
