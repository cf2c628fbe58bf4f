// kill -9 during payment: the server is killed at random moments while customers check
// out and pay on the sandbox's page (whose signed events reach our webhook through the job
// queue), then started again. Afterwards no paid order is lost (every payment the provider took
// is booked), none is booked twice, each receipt is queued once, and the database opens cleanly
// every time (PGlite, or PostgreSQL with DATABASE_URL). 4 rounds in `npm test`, 10 in `npm run
// soak`, 100 in `npm run bench -- --kill`; KILL_ROUNDS sets any other count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { jerseyDelivery } from '../support/addresses';
import { createScratchDatabase } from '../support/database';
import { freePort, startServerProcess } from '../support/nodes';
import { rounds } from '../support/rounds';

const ROUNDS = rounds('KILL_ROUNDS', 4, 10);
const FLOWS_PER_ROUND = 3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-kill9-'));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'ferrybox_kill9')
  : undefined;
afterAll(async () => {
  await scratch?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const env = {
  SERVE_WEB: 'false',
  LOG_LEVEL: 'warn',
  DATA_DIR: dir,
  HOST: '127.0.0.1',
  PORT: String(port),
  RATE_LIMIT_SCALE: '1000',
  DATABASE_URL: scratch?.url ?? '',
};
const startServer = () => startServerProcess(env);

const json = (token?: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
});

/** A customer with a Jersey address, registered through the API. */
async function customer() {
  const password = 'Kill-Nine-Pass-1';
  const res = await fetch(`${base}/public/auth/register`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({
      FirstName: 'Kim',
      LastName: 'Nine',
      Email: `kim.${Date.now()}@example.je`,
      Password: password,
      ConfirmPassword: password,
      Country: 'Jersey',
      TermsAndConditions: true,
    }),
  });
  const token = (await res.json()) as string;
  const address = await fetch(`${base}/public/addresses/create`, {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify(jerseyDelivery()),
  });
  const { Id } = (await address.json()) as { Id: number };
  const products = await fetch(`${base}/api/products`, {
    method: 'POST',
    headers: json(),
    body: '{}',
  });
  const { items } = (await products.json()) as { items: { Id: number }[] };
  return { token, addressId: Id, productId: items[2].Id };
}

/** The payments whose checkout answered (the customer knows them and comes back to them). */
const known: string[] = [];

/** One customer's checkout and payment; any step may be cut off by the kill. */
async function flow(who: Awaited<ReturnType<typeof customer>>, key: string) {
  const created = await fetch(`${base}/public/orders/create`, {
    method: 'POST',
    headers: json(who.token, { 'idempotency-key': key }),
    body: JSON.stringify({
      Orders: [
        {
          LocalId: 1,
          ProductId: who.productId,
          size: null,
          Weight: null,
          RetailerName: 'Argos',
          RetailerWebsite: '',
          RetailerOrderNumber: '',
          ExpectedDeliveryDate: '',
          TrackingNumber: '',
          DeliveryCount: null,
          TermsAcceptedAt: new Date().toISOString(),
          ItemDescription: 'Kettle',
          ItemValue: 30,
          ItemCount: 1,
          Island: 'Jersey',
          selectedExtras: [],
        },
      ],
      DeliveryAddressId: who.addressId,
      BillingAddressId: who.addressId,
      TermsAccepted: true,
    }),
  });
  if (created.status !== 201 && created.status !== 200) return;
  const { Payment } = (await created.json()) as {
    Payment: { Reference: string; CheckoutUrl: string | null };
  };
  known.push(Payment.Reference);
  if (!Payment.CheckoutUrl) return;
  await fetch(new URL(Payment.CheckoutUrl, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card: '4242424242424242',
      expiry: '12 / 30',
      cvc: '123',
      name: 'Kim Nine',
    }).toString(),
    redirect: 'manual',
  });
  await fetch(`${base}/public/payment/${Payment.Reference}`, { headers: json(who.token) });
}

test(
  `${ROUNDS} rounds of kill -9 during checkouts and payments lose no paid order and book none twice`,
  async () => {
    let server = await startServer();
    const who = await customer();
    let flows = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const running = Array.from({ length: FLOWS_PER_ROUND }, () =>
        flow(who, `kill9-${round}-${(flows += 1)}`).catch(() => undefined),
      );
      // somewhere between the checkout and the webhook's booking
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 600));
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(running);
      server = await startServer();
    }
    // The customer comes back to each payment (the server asks the provider when it must).
    for (const reference of known) {
      const res = await fetch(`${base}/public/payment/${reference}`, { headers: json(who.token) });
      expect(res.status, reference).toBe(200);
    }
    server.child.kill('SIGTERM');
    await server.exited;

    const database = await openDatabase({
      url: scratch?.url,
      pgliteDir: scratch ? undefined : path.join(dir, 'pglite'),
    });
    try {
      await database.migrate();
      const rows = async (query: string) =>
        (await database.db.execute(sql.raw(query))) as unknown as {
          rows: Record<string, unknown>[];
        };
      // the provider took the money: our payment is booked (now, or by the refresh above)
      const lost = await rows(`
      select s.client_reference from sandbox_sessions s
      join payments p on p.reference = s.client_reference
      where s.status = 'complete' and p.status <> 'paid'`);
      // a paid payment's orders all moved on, each exactly once
      const twice = await rows(`
      select order_id, count(*) from order_events
      where from_status = 'Awaiting Payment' and to_status = 'Awaiting Parcel'
      group by order_id having count(*) > 1`);
      const stuck = await rows(`
      select o.id from orders o join payments p on p.id = o.payment_id
      where p.status = 'paid' and o.status = 'Awaiting Payment'`);
      const receipts = await rows(`
      select message->>'subject' as subject, count(*) from mail_outbox
      where kind = 'receipt' group by message->>'subject' having count(*) > 1`);
      const paid = await rows(`select count(*)::int as n from payments where status = 'paid'`);
      expect({
        lost: lost.rows,
        twice: twice.rows,
        stuck: stuck.rows,
        receipts: receipts.rows,
      }).toEqual({
        lost: [],
        twice: [],
        stuck: [],
        receipts: [],
      });
      console.info(
        `kill -9: ${ROUNDS} rounds, ${flows} checkouts, ${(paid.rows[0] as { n: number }).n} paid, 0 lost, 0 twice`,
      );
    } finally {
      await database.close();
    }
  },
  300_000 + ROUNDS * 20_000,
);
