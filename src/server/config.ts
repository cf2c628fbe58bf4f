import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The server's configuration, read once from the environment and validated. A bad value stops
 * the process with a message naming the variable (see loadConfig).
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    BRAND: z.string().min(1).max(40).default('Ferrybox'),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|yes|no|\d{1,2}|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/,
        "must be false, a number of proxies (1, 2…) or the proxies' addresses (10.0.0.1,10.1.0.0/16)",
      )
      .default('false'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    SERVE_WEB: boolish.default(true),
    CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
        'must be an address, e.g. Ferrybox <no-reply@ferrybox.je>',
      )
      .optional(),
    WORKERS: boolish.default(true),
    RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
    // --- hardening (decision 0015): outbox exposure, database timeouts, mail throughput ---
    DEV_OUTBOX: z.enum(['loopback', 'off']).optional(),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
    DB_KEEPALIVE_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    // Password hashes at once and waiting (lib/passwords.ts; default from the machine's cores).
    PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(1).max(64).optional(),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
    MAIL_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Where the Stripe SDK sends its calls: only for tests against a local fake of Stripe. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Opens GET /metrics to callers not on this machine that send it as a bearer token. */
    METRICS_TOKEN: z
      .string()
      .regex(
        /^[\w.~+/=-]{24,200}$/,
        'must be 24 to 200 letters, digits or -._~+/= (a random token)',
      )
      .optional(),
    /** The first admin, made at start when no admin exists yet (decision 0016). */
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  })
  .superRefine((e, ctx) => {
    if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'must be set too: ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
    if (e.PAYMENT_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!e[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when PAYMENT_PROVIDER=stripe',
        });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  /** Where PGlite keeps its files; undefined means in memory (tests). */
  pgliteDir?: string;
  logLevel: string;
  brand: string;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false, the number of proxy hops in
   * front of the node, or their addresses. Fastify then takes the client address from the right.
   */
  trustProxy: false | number | string[];
  shutdownGraceMs: number;
  /** Serve the built web app from the same process. */
  serveWeb: boolean;
  /** How long settings and catalogue reads are cached in this process (0: not cached). */
  cacheTtlMs: number;
  /** The built site (output of `npm run build`). */
  webRoot: string;
  /** SMTP server for e-mail; undefined writes messages to `outboxDir` instead. */
  smtpUrl?: string;
  /** The From of every e-mail. */
  mailFrom: string;
  /** Where e-mails are written when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
  /** Run the job workers (e-mail sending, clean-up) in this process. */
  workers: boolean;
  /** Multiplies every rate limit (lib/rate-limit.ts): above 1 allows more, below 1 fewer. */
  rateLimitScale: number;
  /** Who takes payments: the built-in sandbox (default) or Stripe Checkout. */
  paymentProvider: 'sandbox' | 'stripe';
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /** Whether /dev/outbox exists (only ever answering loopback callers), DEV_OUTBOX. */
  devOutbox: 'loopback' | 'off';
  /** A request (headers and body) must arrive within this time; a silent connection is closed. */
  requestTimeoutMs: number;
  /** PostgreSQL timeouts and TCP keepalive (DB_*_MS); see db/client.ts. */
  dbTimeouts: DbTimeouts;
  /** Messages sent at once, and at most per minute, by this node's mail worker. */
  mail: { concurrency: number; perMinute: number };
  /** Password hashes at once, and waiting, on this node (lib/passwords.ts). */
  passwordWork: PasswordWorkLimits;
  /** The bearer token that opens GET /metrics to other machines (METRICS_TOKEN). */
  metricsToken?: string;
  /** The first admin (ADMIN_EMAIL, ADMIN_PASSWORD), made at start when no admin exists. */
  firstAdmin: { email: string; password: string } | null;
}

/** What a message needs of the site to name it and link back to it. */
export type Site = Pick<Config, 'brand' | 'publicUrl'>;

export interface DbTimeouts {
  connectMs: number;
  /** Server-side statement_timeout, and the client-side wait for any answer (plus a second). */
  statementMs: number;
  idleMs: number;
  /** TCP keepalive's first probe after this much silence (0: off). */
  keepAliveMs: number;
}

/**
 * Fastify's trustProxy for the configured value. Fastify 5.12 ignores a bare hop count (it cannot
 * tell a balancer from a direct caller), so a count becomes "trust the nearest N hops": right for
 * a node reachable only through its balancers, which is what TRUST_PROXY=N declares.
 */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** TRUST_PROXY as Fastify's trustProxy: `true` means one hop, never "believe every hop". */
function trustProxyOf(value: string): Config['trustProxy'] {
  if (['false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    logLevel: e.LOG_LEVEL,
    brand: e.BRAND,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    serveWeb: e.SERVE_WEB,
    cacheTtlMs: e.CACHE_TTL_MS,
    webRoot: path.resolve('build/client'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND} <no-reply@ferrybox.je>`,
    outboxDir: path.join(dataDir, 'outbox'),
    workers: e.WORKERS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    devOutbox: e.DEV_OUTBOX ?? (e.NODE_ENV === 'production' ? 'off' : 'loopback'),
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : null,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleMs: e.DB_IDLE_TIMEOUT_MS,
      keepAliveMs: e.DB_KEEPALIVE_MS,
    },
    mail: { concurrency: e.MAIL_CONCURRENCY, perMinute: e.MAIL_PER_MINUTE },
    passwordWork: passwordWorkOf(e.PASSWORD_HASHES_AT_ONCE, e.PASSWORD_HASH_QUEUE),
  };
}

export interface PasswordWorkLimits {
  /** Password hashes that run at once (each takes one core through libuv's thread pool). */
  atOnce: number;
  /** Hashes that may wait for one of those; one more is answered 503 with Retry-After. */
  queue: number;
}

/**
 * One core left for everything else (on two cores, one hash at a time), and each hash waits
 * behind at most 32 others per core: about half a second at 15 ms a hash (docs/decisions/0053).
 * Either figure may be set by the operator.
 */
export function passwordWorkOf(
  atOnce?: number,
  queue?: number,
  cores = os.availableParallelism(),
): PasswordWorkLimits {
  const running = atOnce ?? Math.max(1, Math.min(4, cores - 1));
  return { atOnce: running, queue: queue ?? 32 * running };
}
