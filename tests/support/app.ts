import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { freshDatabase } from './database';
import { FakeStripe } from './fake-stripe';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
  /**
   * POSTs through app.inject(): a payload is sent as JSON, a string as it is with a JSON content
   * type (for malformed bodies), and an undefined payload sends no body at all.
   */
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<InjectResponse>;
}

export type InjectResponse = LightMyRequestResponse;

/**
 * The whole app over a fresh database, without listening: call app.inject(). DATA_DIR (and so
 * the e-mail outbox) is a new temporary folder, removed on close, unless the test gives one.
 * Job workers poll every half second so that queued e-mails arrive quickly, and the rate limits
 * are raised a hundredfold (every request comes from one address) unless the test sets them.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
  /** Settings no variable gives (the built site's folder). */
  overrides: Partial<Config> = {},
): Promise<TestContext> {
  const database = await freshDatabase();
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-test-')));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      CACHE_TTL_MS: '0',
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '100',
      ...env,
    }),
    ...overrides,
  };
  const app = await buildApp(config, database, { jobPollingSeconds: 0.5, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    post: (url, payload, headers = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers:
          typeof payload === 'string'
            ? { 'content-type': 'application/json', ...headers }
            : headers,
        ...(payload === undefined ? {} : { payload: payload as string | object }),
      }),
    close: async () => {
      await app.close();
      await database.close();
      if (!env.DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for the whole test file: made before its first test, closed after its last. The
 * object is returned at once and filled in by beforeAll, so helpers built from it at the top of
 * the file may use it in the tests.
 */
export function useTestApp(env: Record<string, string> = {}, options: AppOptions = {}) {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env, options));
  });
  afterAll(() => ctx.close?.());
  return ctx;
}

/**
 * One app for the whole test file with PAYMENT_PROVIDER=stripe, its SDK talking to a local fake
 * of Stripe's API (tests/support/fake-stripe.ts), started before the app and closed after it.
 */
export function useStripeTestApp() {
  const ctx = {} as TestContext;
  const stripe = new FakeStripe();
  beforeAll(async () => {
    await stripe.listen();
    Object.assign(
      ctx,
      await createTestApp({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_API_URL: stripe.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      }),
    );
  });
  afterAll(async () => {
    await ctx.close?.();
    await stripe.close();
  });
  return { ctx, stripe };
}

/**
 * One app for the whole test file serving a built site made of `pages` (path in the build:
 * HTML), as it runs: settings from the seeded database, compression, CSP. The build's folder is
 * removed after the last test.
 */
export function useSiteTestApp(pages: Record<string, string>) {
  const ctx = {} as TestContext;
  let root = '';
  beforeAll(async () => {
    // A build is its client folder beside its site.json, which names the app's screens (the
    // paths served by the SPA fallback; any other path without a file is a 404).
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-site-'));
    const client = path.join(root, 'client');
    await fs.mkdir(client);
    await fs.writeFile(
      path.join(root, 'site.json'),
      JSON.stringify({ appRoutes: ['/order', '/basket', '/dashboard'] }),
    );
    for (const [name, html] of Object.entries(pages)) {
      await fs.mkdir(path.dirname(path.join(client, name)), { recursive: true });
      await fs.writeFile(path.join(client, name), html);
    }
    Object.assign(ctx, await createTestApp({ SERVE_WEB: 'true' }, {}, { webRoot: client }));
  });
  afterAll(async () => {
    await ctx.close?.();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });
  return ctx;
}
