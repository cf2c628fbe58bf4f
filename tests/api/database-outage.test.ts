import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { READY_TIMEOUT_MS } from '../../src/server/modules/health/routes';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../src/server/lib/errors';
import { bearer, registerCustomer } from '../support/accounts';
import { createTestApp, type TestContext } from '../support/app';
import { freshDatabase } from '../support/database';
import { TcpProxy } from '../support/tcp-proxy';
import { waitFor } from '../support/wait';

// A database that stops answering must make the node unready at once (not hang it),
// and the node must recover by itself when the database answers again.

describe('/readyz when the database does not answer (any database)', () => {
  test('answers 503 within a second, while /healthz still answers', async () => {
    // No job workers: the clock below is a fake one, and their polling would stop on it.
    const ctx = await createTestApp({ WORKERS: 'false' });
    try {
      expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
      const ping = ctx.database.ping;
      ctx.database.ping = () => new Promise(() => undefined); // a database that never answers
      // The second is counted on a fake clock, so a busy machine cannot make the answer late
      // (or the test pass by luck): the answer is still pending one tick before
      // READY_TIMEOUT_MS, and comes once the clock reaches it.
      expect(READY_TIMEOUT_MS).toBeLessThan(1_000);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
      try {
        const answered = ctx.app.inject('/readyz').then((r) => (res = r));
        await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS - 1);
        expect(res).toBeUndefined();
        await vi.advanceTimersByTimeAsync(1);
        await answered;
      } finally {
        vi.useRealTimers();
      }
      expect(res!.statusCode).toBe(503);
      expect(res!.json()).toEqual({ status: 'database unavailable' });
      expect((await ctx.app.inject('/healthz')).statusCode).toBe(200);
      ctx.database.ping = ping;
      expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

// A network outage between the node and PostgreSQL, played with a proxy the test can cut. It is
// about the PostgreSQL pool, so it exists in the PostgreSQL run (DATABASE_URL, as CI's second run)
// and not in the PGlite run, which has no network and no pool.
const postgresOnly = process.env.DATABASE_URL ? describe : () => undefined;
const unavailable = { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
postgresOnly('PostgreSQL behind a network that fails', () => {
  const timeouts = { connectMs: 1_000, statementMs: 2_000, idleMs: 5_000, keepAliveMs: 1_000 };
  let scratch: Database & { url?: string };
  let proxy: TcpProxy;
  let database: Database;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    scratch = await freshDatabase(); // migrated and seeded, reached directly
    const target = new URL(scratch.url!);
    proxy = await new TcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    }).start();
    database = await openDatabase({ url: proxy.urlFor(scratch.url!), poolSize: 4, timeouts });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferrybox-outage-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      CACHE_TTL_MS: '0',
      DATA_DIR: dataDir,
    });
    app = await buildApp(config, database, { jobPollingSeconds: 0.5 });
    await app.ready();
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await database?.close();
    await proxy?.stop();
    await scratch?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  test('a 5-second blackhole: unready within a second, answering errors, then ready again by itself', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await app.inject('/public/settings')).statusCode).toBe(200);

    proxy.blackhole();
    const cut = Date.now();
    const unready = await app.inject('/readyz');
    const toUnready = Date.now() - cut;
    expect(unready.statusCode).toBe(503);
    expect(toUnready).toBeLessThan(1_500);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    // a call that needs the database fails within the statement timeout instead of hanging,
    // with a 503 that says when to try again
    const call = Date.now();
    const failed = await app.inject('/public/settings');
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(Date.now() - call).toBeLessThan(timeouts.statementMs + 2_500);

    await waitFor(() => Date.now() - cut >= 5_000, { what: 'the 5-second outage' });
    proxy.restore();
    const healed = Date.now();
    await waitFor(async () => (await app.inject('/readyz')).statusCode === 200, {
      timeoutMs: 20_000,
      what: '/readyz to recover',
    });
    const toReady = Date.now() - healed;
    expect(toReady).toBeLessThan(10_000);
    // every pool connection works again (more calls than connections)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.inject('/public/settings')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    console.info(
      `readyz: unready after ${toUnready} ms, ready ${toReady} ms after the network healed`,
    );
  }, 60_000);

  test('connections the network lost for good are dropped, and the pool refills by itself', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    proxy.blackhole();
    const cut = Date.now();
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    // the route heals, but every connection open during the outage stays silent for ever
    proxy.restore({ lost: true });
    await waitFor(
      async () => {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () => app.inject('/public/settings')),
        );
        return answers.every((a) => a.statusCode === 200);
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'every call to work again' },
    );
    const toRecover = Date.now() - cut;
    expect(toRecover).toBeLessThan(timeouts.statementMs * 3 + 5_000);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    console.info(`lost connections: every call works again ${toRecover} ms after the cut`);
  }, 60_000);

  test('a database that refuses connections for several seconds: every API route answers 503 with Retry-After, none 500, then serves again by itself', async () => {
    const token = (await registerCustomer({ app } as TestContext)).token;
    const routes = app.routeTable.filter(
      (r) => r.method !== 'HEAD' && /^\/(public|api)\//.test(r.url),
    );
    const callEach = () =>
      Promise.all(
        routes.map((r) =>
          app.inject({
            method: r.method as 'GET',
            url: r.url.replace(/:\w+/g, '1'),
            headers: bearer(token),
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
          }),
        ),
      );
    await proxy.stop(); // PostgreSQL is gone: connections are refused
    const statuses = new Map<number, number>();
    const bad: string[] = [];
    const down = Date.now();
    try {
      // round after round of every route, for three seconds and more
      await waitFor(
        async () => {
          for (const [i, res] of (await callEach()).entries()) {
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode < 500) continue;
            const route = `${routes[i].method} ${routes[i].url}`;
            if (res.statusCode !== 503) bad.push(`${route}: ${res.statusCode}`);
            else if (res.headers['retry-after'] !== String(DATABASE_RETRY_AFTER_SECONDS))
              bad.push(`${route}: no Retry-After`);
            else if (JSON.stringify(res.json()) !== JSON.stringify(unavailable))
              bad.push(`${route}: ${res.body}`);
          }
          return Date.now() - down >= 3_000;
        },
        { what: 'three seconds of outage', timeoutMs: 60_000 },
      );
    } finally {
      await proxy.start();
    }
    expect(bad).toEqual([]);
    expect(statuses.get(500)).toBeUndefined();
    // most routes need the database (a session to check, a row to read): those answered 503
    expect(statuses.get(503)).toBeGreaterThan(routes.length / 2);
    await waitFor(async () => (await app.inject('/public/settings')).statusCode === 200, {
      what: 'service to resume',
      timeoutMs: 20_000,
    });
    const me = await app.inject({ url: '/public/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    console.info(`refused for ${Date.now() - down} ms: answers ${JSON.stringify([...statuses])}`);
  }, 90_000);

  test('a server that accepts connections but never answers fails the start, not hangs it', async () => {
    proxy.blackhole();
    try {
      const silent = await openDatabase({ url: proxy.urlFor(scratch.url!), timeouts });
      const started = Date.now();
      await expect(silent.migrate()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(timeouts.connectMs + 2_000);
      await silent.close();
    } finally {
      proxy.restore();
    }
  });
});
