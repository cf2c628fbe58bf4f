import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../shared/api/auth';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

/** At most `limit` requests in each fixed window of `windowSeconds`. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** A named limit counted per client IP address and/or per account (an e-mail or a user id). */
export interface LimitPolicy {
  ip?: Limit;
  account?: Limit;
}

const MINUTES = 60;
const HOUR = 60 * MINUTES;

/**
 * Every rate limit of the API, in one place. Scaled by RATE_LIMIT_SCALE; API tests pass lower
 * ones to buildApp. Per-account limits stop guessing one customer's password from many
 * addresses; per-IP limits stop one address trying many accounts, and are generous because
 * island mobile networks put many customers behind one address (carrier NAT).
 */
export const RATE_LIMITS = {
  login: {
    ip: { limit: 100, windowSeconds: 15 * MINUTES },
    account: { limit: 10, windowSeconds: 15 * MINUTES },
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
} satisfies Record<string, LimitPolicy>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitOverrides = Partial<Record<RateLimitName, LimitPolicy>>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Account keys are hashed: the counters never hold an e-mail address. */
const accountKey = (account: string) =>
  createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Fixed-window counters in PostgreSQL, so that every node shares them: one upsert per request
 * adds one to the caller's counters and reads them back.
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
          { ip: scaled(p.ip), account: scaled(p.account) },
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
    if (counters.length === 0) return 0;

    const windows = counters.map(({ key, limit }) => {
      const ms = limit.windowSeconds * 1000;
      const start = Math.floor(now.getTime() / ms) * ms;
      return { key, limit, start: new Date(start), end: new Date(start + ms) };
    });
    const rows = await this.db
      .insert(rateLimits)
      .values(windows.map((w) => ({ key: w.key, windowStart: w.start, expiresAt: w.end })))
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count });

    let wait = 0;
    for (const w of windows) {
      const count = rows.find((r) => r.key === w.key)?.count ?? 0;
      if (count > w.limit.limit) {
        wait = Math.max(wait, Math.ceil((w.end.getTime() - now.getTime()) / 1000));
      }
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

/** Deletes counters whose window has passed (run by the clean-up job). */
export async function deleteExpiredRateLimits(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, now))
    .returning({ key: rateLimits.key });
  return rows.length;
}
