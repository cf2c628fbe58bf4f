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
    TRUST_PROXY: boolish.default(false),
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
  })
  .superRefine((e, ctx) => {
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

export type Env = z.input<typeof envSchema>;

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
  trustProxy: boolean;
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
    trustProxy: e.TRUST_PROXY,
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
  };
}
