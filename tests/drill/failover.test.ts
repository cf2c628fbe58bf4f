// The failover drill (`npm run drill`; docs/decisions/0046): a PostgreSQL primary, a synchronous
// streaming standby and PgBouncer on this machine (tests/drill/cluster.ts), two nodes of the real
// server behind a round-robin proxy, customers checking out and paying and the office refunding
// (load.ts), then the standby promoted and PgBouncer pointed at it. Two ways:
// - `failover`: promoted, PgBouncer repointed, the old primary stopped;
// - `read-only`: the old primary turned read-only first and left running for a minute, PgBouncer
//   still pointing at it for the first 20 s of it, then the standby promoted and PgBouncer
//   repointed.
// Every answer is a success or a 503 with Retry-After (never a 500, never none); no payment,
// refund or e-mail is lost or doubled (ledger.ts); the nodes, never restarted, take writes again
// within 10 s of the promotion. Its figures go into bench/results.json under `drill`.
//
// Not part of `npm test` (vitest.config.ts runs it only with DRILL=1): it starts its own
// PostgreSQL servers, installs PgBouncer when it is missing, and takes minutes. DRILL_RUNS sets
// how many rounds of both ways it runs (1).
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { roundRobinProxy, startNode, stopNode, type ServerNode } from '../support/nodes';
import { SmtpCapture } from '../support/smtp';
import { waitFor } from '../support/wait';
import { startCluster } from './cluster';
import { compare, settle } from './ledger';
import { Driver, Probe } from './load';

const ROUNDS = Number(process.env.DRILL_RUNS ?? 1);
const CUSTOMERS = Number(process.env.DRILL_CUSTOMERS ?? 6);
/** Service is back within this of the promotion. */
const BACK_WITHIN_MS = 10_000;
/** The read-only way: how long the old primary stays up read-only, and PgBouncer on it. */
const READ_ONLY_MS = 60_000;
const READ_ONLY_POINTED_MS = 20_000;
/** Load before the switch, and after service is back. */
const LOAD_BEFORE_MS = 8_000;
const LOAD_AFTER_MS = 10_000;
const ADMIN = { email: 'drill.admin@ferrybox.test', password: 'Failover-Drill-Admin-1' };

type Way = 'failover' | 'read-only';
const figures: unknown[] = [];

async function drill(way: Way) {
  const cluster = await startCluster();
  const smtp = await new SmtpCapture().start();
  const nodes: ServerNode[] = [];
  const database = await openDatabase({ url: cluster.url, poolSize: 2 });
  try {
    for (const name of ['drill-a', 'drill-b']) {
      nodes.push(
        await startNode(
          cluster.url,
          {
            SMTP_URL: smtp.url,
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            RATE_LIMIT_SCALE: '1000',
            LOG_LEVEL: 'silent',
          },
          name,
        ),
      );
    }
    const proxy = await roundRobinProxy(nodes.map((n) => n.port));
    const driver = new Driver(proxy.base, ADMIN);
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS + 1 }, (_, i) => driver.customer(i)),
    );
    const probe = new Probe(nodes.map((n) => n.port));
    probe.start(customers.pop()!.email);
    const shopping = driver.shop(customers);
    const refunding = driver.refund();
    const loadStarted = Date.now();
    await waitFor(() => Date.now() - loadStarted > LOAD_BEFORE_MS && driver.refunded.size > 2, {
      what: 'refunds before the switch',
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    const before = { paid: driver.paid.size, refunded: driver.refunded.size };

    let readOnlyAt = 0;
    if (way === 'read-only') {
      await cluster.primaryReadOnly();
      readOnlyAt = Date.now();
      await waitFor(() => Date.now() - readOnlyAt >= READ_ONLY_POINTED_MS, {
        what: 'PgBouncer on the read-only primary',
        timeoutMs: READ_ONLY_POINTED_MS + 5_000,
        intervalMs: 200,
      });
    }
    const promotedAt = Date.now();
    await cluster.promote();
    const promoteMs = Date.now() - promotedAt;
    await cluster.repoint();
    const repointedMs = Date.now() - promotedAt;
    if (way === 'failover') await cluster.stopPrimary();
    await waitFor(() => Number.isFinite(probe.backAfter(promotedAt)), {
      what: 'both nodes to take writes again',
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    const backMs = probe.backAfter(promotedAt);
    const backAt = Date.now();
    await waitFor(() => Date.now() - backAt > LOAD_AFTER_MS, {
      what: 'load after the switch',
      timeoutMs: LOAD_AFTER_MS + 5_000,
      intervalMs: 200,
    });
    if (way === 'read-only') {
      await waitFor(() => Date.now() - readOnlyAt >= READ_ONLY_MS, {
        what: 'the read-only minute',
        timeoutMs: READ_ONLY_MS,
        intervalMs: 200,
      });
      await cluster.stopPrimary();
    }
    driver.running = false;
    await Promise.all([shopping, refunding]);
    await probe.stop();

    const outstanding = await settle(database, smtp, 240_000);
    const ledger = await compare(database, smtp, driver);
    const alive = nodes.every((n) => n.child.exitCode === null && n.child.signalCode === null);
    return {
      way,
      date: new Date().toISOString(),
      promoteMs,
      repointedMs,
      serviceBackMs: backMs,
      answers: driver.tally.byStatus,
      probeAnswers: probe.byStatus(),
      failures: [...driver.tally.failures, ...probe.failures()],
      refundsLeftPending: driver.refundsLeftPending.size,
      perNode: proxy.hits,
      paidBeforeSwitch: before.paid,
      refundedBeforeSwitch: before.refunded,
      ...ledger,
      outstanding,
      nodesRestarted: !alive,
    };
  } finally {
    for (const node of nodes) await stopNode(node);
    await database.close().catch(() => undefined);
    await smtp.stop();
    await cluster.destroy();
  }
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const way of ['failover', 'read-only'] as const) {
    test(`round ${round}: ${way}`, async () => {
      const result = await drill(way);
      figures.push({ round, ...result });
      console.info(JSON.stringify(result, null, 2));
      expect(result.failures).toEqual([]);
      // a 502 only for a refund the provider did not confirm (left pending, made by the follow-up)
      expect(result.answers[502] ?? 0).toBe(result.refundsLeftPending);
      expect(
        Object.keys(result.answers)
          .map(Number)
          .filter((s) => s >= 500 && s !== 503 && s !== 502),
      ).toEqual([]);
      expect(result.nodesRestarted).toBe(false);
      expect(result.serviceBackMs).toBeLessThanOrEqual(BACK_WITHIN_MS);
      expect(result.outstanding).toEqual({
        unbooked: 0,
        pendingRefunds: 0,
        unsentMail: 0,
        notReceived: 0,
      });
      expect(result.problems).toEqual([]);
      // the load went through the switch: money moved before it and after it
      expect(result.money.paymentsTold).toBeGreaterThan(result.paidBeforeSwitch);
      expect(result.money.refundsAsked).toBeGreaterThan(result.refundedBeforeSwitch);
    }, 900_000);
  }
}

afterAll(() => {
  if (figures.length === 0) return;
  const file = 'bench/results.json';
  const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const drill = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, node ${process.version}`,
    customers: CUSTOMERS,
    runs: figures,
  };
  fs.writeFileSync(file, JSON.stringify({ ...previous, drill }, null, 2) + '\n');
});
