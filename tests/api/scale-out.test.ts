// Scale out: two server processes on one PostgreSQL behind a round-robin proxy, as two
// nodes behind a load balancer. A session made on one works on the other, the rate limits are
// shared, each queued job (an e-mail) runs once, and a staff edit shows on both within the cache
// time. PostgreSQL only (CI's second run, see vitest.config.ts): the embedded database opens in
// one process.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RATE_LIMITS } from '../../src/server/lib/rate-limit';
import { readOutbox } from '../../src/server/lib/mail';
import { createScratchDatabase } from '../support/database';
import {
  roundRobinProxy,
  startNode,
  stopNode,
  type RoundRobinProxy,
  type ServerNode,
} from '../support/nodes';
import { waitFor } from '../support/wait';

describe('two nodes on one PostgreSQL behind a round-robin proxy', () => {
  const CACHE_TTL_MS = 1_000;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const nodes: ServerNode[] = [];
  let proxy: RoundRobinProxy;
  let base = '';
  let hits: number[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'ferrybox_scale');
    for (let i = 0; i < 2; i++) {
      nodes.push(await startNode(scratch.url, { CACHE_TTL_MS: String(CACHE_TTL_MS) }, `node${i}`));
    }
    proxy = await roundRobinProxy(nodes.map((n) => n.port));
    ({ base, hits } = proxy);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    for (const node of nodes) await stopNode(node);
    await scratch?.drop();
  });

  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const registration = (email: string) => ({
    FirstName: 'Sam',
    LastName: 'Scale',
    Email: email,
    Password: 'Scale-Out-Pass-1',
    ConfirmPassword: 'Scale-Out-Pass-1',
    Country: 'Guernsey',
    TermsAndConditions: true,
  });

  test('a session made on one node works on the other', async () => {
    const res = await post('/public/auth/register', registration(`sam.${Date.now()}@example.gg`));
    expect(res.status).toBe(200);
    const token = (await res.json()) as string;
    const before = [...hits];
    for (let i = 0; i < 4; i++) {
      const me = await fetch(`${base}/public/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { FirstName: string }).FirstName).toBe('Sam');
    }
    expect(hits[0] - before[0]).toBe(2);
    expect(hits[1] - before[1]).toBe(2);
  });

  test('the rate limits are shared: the log-in limit holds across both nodes', async () => {
    const limit = RATE_LIMITS.login.accountIp.limit;
    const email = `limit.${Date.now()}@example.gg`;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      statuses.push((await post('/public/auth/login', { email, password: 'Wrong-pass-1' })).status);
    }
    // each node alone saw only half of them; together they refuse the one over the limit
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  test('each queued e-mail is sent once, by one node or the other', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `once.${i}.${Date.now()}@example.gg`);
    for (const email of emails) {
      expect((await post('/public/auth/register', registration(email))).status).toBe(200);
    }
    const sentTo = async () =>
      (await Promise.all(nodes.map((n) => readOutbox(path.join(n.dir, 'outbox')))))
        .flat()
        .filter((e) => e.kind === 'welcome' && emails.includes(e.to))
        .map((e) => e.to);
    await waitFor(async () => (await sentTo()).length >= emails.length, {
      what: 'the welcome e-mails',
      timeoutMs: 30_000,
    });
    const sent = await sentTo();
    expect(sent.sort()).toEqual([...emails].sort());
  });

  test('a staff edit shows on both nodes within the cache time', async () => {
    const notice = `Sailings delayed by fog (${Date.now()})`;
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(
        `update settings set value = $1 where category = 'Site' and name = 'NoticeBanner'`,
        [JSON.stringify(notice)],
      );
    } finally {
      await client.end();
    }
    const edited = Date.now();
    for (const node of nodes) {
      await waitFor(
        async () =>
          (await (await fetch(`http://127.0.0.1:${node.port}/public/settings`)).text()).includes(
            'fog',
          ),
        { what: `node ${node.port} to show the edit`, timeoutMs: 5_000 },
      );
    }
    expect(Date.now() - edited).toBeLessThan(CACHE_TTL_MS + 1_000);
  });
});
