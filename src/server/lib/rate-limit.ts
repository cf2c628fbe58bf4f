import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../shared/api/auth';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

/** At most `limit` requests in any `windowSeconds` (a sliding window). */
interface Limit {
  limit: number;
  windowSeconds: number;
}

/**
 * A named limit counted per client IP address, per account (an e-mail or a user id) whatever the
 * address, and/or per account from one address.
 */
export interface LimitPolicy {
  ip?: Limit;
  account?: Limit;
  accountIp?: Limit;
}

const MINUTES = 60;
const HOUR = 60 * MINUTES;

/**
 * Every rate limit of the API, in one place. Scaled by RATE_LIMIT_SCALE; API tests pass lower
 * ones to buildApp. Per-IP limits stop one address trying many accounts, and are generous because
 * island mobile networks put many customers behind one address (carrier NAT). Login guesses are
 * counted per account *from each address*, never per account alone: a stranger's wrong passwords
 * must not lock the owner out (OWASP), so they lock only the stranger's address out of that
 * account, and guessing one password from many addresses costs 10 tries (and one argon2
 * verification each) per address per 15 minutes.
 */
export const RATE_LIMITS = {
  login: {
    ip: { limit: 100, windowSeconds: 15 * MINUTES },
    accountIp: { limit: 10, windowSeconds: 15 * MINUTES },
  },
  register: {
    ip: { limit: 20, windowSeconds: HOUR },
    account: { limit: 5, windowSeconds: HOUR },
  },
  forgotPassword: {
    ip: { limit: 30, windowSeconds: HOUR },
    account: { limit: 3, windowSeconds: HOUR },
  },
  resetPassword: {
    ip: { limit: 20, windowSeconds: HOUR },
  },
  requestValidateEmail: {
    ip: { limit: 20, windowSeconds: HOUR },
    account: { limit: 3, windowSeconds: HOUR },
  },
  validatedEmail: {
    ip: { limit: 30, windowSeconds: HOUR },
  },
  /** Profile changes may send e-mails (a changed address). */
  profileUpdate: {
    ip: { limit: 30, windowSeconds: HOUR },
    account: { limit: 10, windowSeconds: HOUR },
  },
  /** The public check of an export certificate's code: guessing codes must cost time. */
  verifyCertificate: {
    ip: { limit: 60, windowSeconds: HOUR },
  },
  /**
   * The public page of an order's private tracking link (decision 0036): the same rule, looser, as
   * customers reload it on their phones, many behind one island address (decision 0036).
   */
  trackParcel: {
    ip: { limit: 300, windowSeconds: HOUR },
  },
} satisfies Record<string, LimitPolicy>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitOverrides = Partial<Record<RateLimitName, LimitPolicy>>;

/** Account keys are hashed: the counters never hold an e-mail address. */
const accountKey = (account: string) =>
  createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Sliding-window counters in PostgreSQL, so that every node shares them. Each counter is kept
 * per fixed window; a request adds one to the current window and is weighed against the previous
 * one too (its count times the part of it still inside the sliding window), so no burst across a
 * window's edge gets twice the limit through.
 */
export class RateLimiter {
  private readonly limits: Record<RateLimitName, LimitPolicy>;

  constructor(
    private readonly db: Db,
    options: { scale?: number; overrides?: RateLimitOverrides } = {},
  ) {
    const scale = options.scale ?? 1;
    const scaled = (l?: Limit) =>
      l && { limit: Math.max(1, Math.round(l.limit * scale)), windowSeconds: l.windowSeconds };
    this.limits = Object.fromEntries(
      Object.entries({ ...RATE_LIMITS, ...options.overrides }).map(
        ([name, p]: [string, LimitPolicy]) => [
          name,
          { ip: scaled(p.ip), account: scaled(p.account), accountIp: scaled(p.accountIp) },
        ],
      ),
    ) as Record<RateLimitName, LimitPolicy>;
  }

  /**
   * Counts one request; answers how long to wait when a counter is over its limit (0 when not).
   */
  async consume(
    name: RateLimitName,
    caller: { ip: string; account?: string },
    now = new Date(),
  ): Promise<number> {
    const policy = this.limits[name];
    const counters: { key: string; limit: Limit }[] = [];
    if (policy.ip) counters.push({ key: `${name}:ip:${caller.ip}`, limit: policy.ip });
    if (policy.account && caller.account)
      counters.push({ key: `${name}:acct:${accountKey(caller.account)}`, limit: policy.account });
    if (policy.accountIp && caller.account)
      counters.push({
        key: `${name}:acctip:${accountKey(`${caller.account}|${caller.ip}`)}`,
        limit: policy.accountIp,
      });
    if (counters.length === 0) return 0;

    const at = now.getTime();
    const windows = counters.map(({ key, limit }) => {
      const ms = limit.windowSeconds * 1000;
      const start = Math.floor(at / ms) * ms;
      return { key, limit, ms, start };
    });
    // The current window's row lives on through the next one, which weighs it.
    const current = await this.db
      .insert(rateLimits)
      .values(
        windows.map((w) => ({
          key: w.key,
          windowStart: new Date(w.start),
          expiresAt: new Date(w.start + 2 * w.ms),
        })),
      )
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count });
    const previous = await this.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(
        or(
          ...windows.map((w) =>
            and(eq(rateLimits.key, w.key), eq(rateLimits.windowStart, new Date(w.start - w.ms))),
          ),
        ),
      );

    let wait = 0;
    for (const w of windows) {
      const count = current.find((r) => r.key === w.key)?.count ?? 0;
      const before = previous.find((r) => r.key === w.key)?.count ?? 0;
      wait = Math.max(wait, slidingWait(w.limit.limit, w.ms, at - w.start, count, before));
    }
    return wait;
  }

  /** Counts the request and answers 429 with Retry-After when the caller is over a limit. */
  async enforce(
    name: RateLimitName,
    request: FastifyRequest,
    reply: FastifyReply,
    account?: string,
  ): Promise<void> {
    const wait = await this.consume(name, { ip: request.ip, account });
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, AUTH_MESSAGES.tooManyRequests(Math.ceil(wait / 60)));
    }
  }
}

/**
 * Seconds until a caller is under `limit` again (0: under it now), for a sliding window of `ms`
 * that is `elapsed` ms into the current fixed window, with `count` requests in it (this one
 * included) and `before` in the previous one.
 */
function slidingWait(
  limit: number,
  ms: number,
  elapsed: number,
  count: number,
  before: number,
): number {
  const part = elapsed / ms;
  if (before * (1 - part) + count <= limit) return 0;
  // Enough of the previous window slides out during this one...
  if (count < limit) return Math.ceil((ms * (1 - (limit - count) / before) - elapsed) / 1000);
  // ...or this window's own count must slide out during the next one (a whole window at most,
  // as with an exact sliding log).
  const next = ms - elapsed + ms * (1 - limit / count);
  return Math.max(1, Math.ceil(Math.min(next, ms) / 1000));
}

/** Deletes counters whose window has passed (run by the clean-up job). */
export async function deleteExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .returning({ key: rateLimits.key });
  return rows.length;
}
