// PostgreSQL ends the node's connections while customers check out and pay and the depot
// receives parcels: `pg_terminate_backend` on every connection of the node, 20 times,
// as a failover, a restart of PostgreSQL or a connection pooler's recycling would. The node is a
// real server process (src/server/main.ts) on its own database. It must never exit, answer every
// request (success, or 503 with Retry-After for the requests whose connection was ended), lose
// and double no paid order, write nothing by halves, and serve again at once.
//
// PostgreSQL only (vitest.config.ts lists it with the PostgreSQL run's files): PGlite runs inside
// the node's own process over one in-memory connection that nothing but the process can end.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jerseyDelivery } from '../support/addresses';
import { createScratchDatabase } from '../support/database';
import { startNode, stopNode, type ServerNode } from '../support/nodes';
import { waitFor } from '../support/wait';

const TERMINATIONS = 20;
const CUSTOMERS = 3;
const RECEIVERS = 2;
const ADMIN = { email: 'depot.admin@ferrybox.test', password: 'Terminate-them-all-1' };

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let node: ServerNode;
let admin: pg.Client;
let base: string;

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'ferrybox_terminate');
  node = await startNode(scratch.url, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SCALE: '1000',
    CACHE_TTL_MS: '0',
    LOG_LEVEL: 'silent',
  });
  base = `http://127.0.0.1:${node.port}`;
  admin = new pg.Client({ connectionString: scratch.url, application_name: 'the test' });
  await admin.connect();
}, 90_000);

afterAll(async () => {
  if (node) await stopNode(node);
  await admin?.end();
  await scratch?.drop();
});

/** Every answer the node gave, by status (a request that got no answer is counted as 0). */
const answers = new Map<number, number>();
const missingRetryAfter: string[] = [];

async function call(
  path: string,
  init: RequestInit & { json?: unknown; token?: string } = {},
): Promise<Response> {
  const { json, token, ...rest } = init;
  const res = await fetch(`${base}${path}`, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    redirect: 'manual',
  }).catch(() => null);
  const status = res?.status ?? 0;
  answers.set(status, (answers.get(status) ?? 0) + 1);
  if (status === 503 && !res!.headers.get('retry-after')) missingRetryAfter.push(path);
  if (!res) throw new Error(`no answer to ${path}`);
  return res;
}

async function customer(n: number) {
  const password = 'Terminate-Pass-1';
  const token = (await (
    await call('/public/auth/register', {
      method: 'POST',
      json: {
        FirstName: 'Tess',
        LastName: `Terminate${n}`,
        Email: `tess.${n}.${Date.now()}@example.je`,
        Password: password,
        ConfirmPassword: password,
        Country: 'Jersey',
        TermsAndConditions: true,
      },
    })
  ).json()) as string;
  const address = (await (
    await call('/public/addresses/create', { method: 'POST', json: jerseyDelivery(), token })
  ).json()) as { Id: number };
  const me = (await (await call('/public/auth/me', { token })).json()) as { Id: number };
  const products = (await (await call('/api/products', { method: 'POST', json: {} })).json()) as {
    items: { Id: number }[];
  };
  return { token, id: me.Id, addressId: address.Id, productId: products.items[2].Id };
}

type Customer = Awaited<ReturnType<typeof customer>>;

/** One checkout and its payment on the sandbox's page; any step may meet a 503. */
async function checkoutAndPay(who: Customer, key: string) {
  const created = await call('/public/orders/create', {
    method: 'POST',
    token: who.token,
    headers: { 'idempotency-key': key },
    json: {
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
    },
  });
  if (created.status !== 201) return;
  const { Payment } = (await created.json()) as { Payment: { CheckoutUrl: string } };
  await call(new URL(Payment.CheckoutUrl, base).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card: '4242424242424242',
      expiry: '12 / 30',
      cvc: '123',
      name: 'Tess Terminate',
    }).toString(),
  });
}

/** Terminates every connection the node has open now; answers how many it ended. */
async function terminateNodeConnections(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.filter((r) => r.ended).length;
}

test(`${TERMINATIONS} terminations of every connection during checkouts and depot receipts`, async () => {
  const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => customer(i)));
  const staffToken = (await (
    await call('/api/admin/auth/login', { method: 'POST', json: ADMIN })
  ).json()) as string;

  let running = true;
  let receipts = 0;
  let checkouts = 0;
  const shoppers = customers.map(async (who, i) => {
    for (let n = 0; running; n++) {
      // a request that got no answer is counted (status 0) and fails the test below
      await checkoutAndPay(who, `terminate-${i}-${n}`).catch(() => undefined);
      checkouts += 1;
    }
  });
  const receivers = Array.from({ length: RECEIVERS }, async (_, i) => {
    while (running) {
      const res = await call('/api/admin/depot/receive', {
        method: 'POST',
        token: staffToken,
        json: {
          CustomerId: customers[i % CUSTOMERS].id,
          WeightKg: 2.5,
          LengthCm: 30,
          WidthCm: 20,
          HeightCm: 10,
          Shelf: `T-${i}`,
        },
      }).catch(() => null);
      if (res?.status === 201) receipts += 1;
    }
  });

  const recoveries: number[] = [];
  let ended = 0;
  for (let round = 0; round < TERMINATIONS; round++) {
    // let the load reach the database again before ending its connections
    const before = checkouts + receipts;
    await waitFor(() => checkouts + receipts > before, { what: 'the load to go on' });
    ended += await terminateNodeConnections();
    const at = Date.now();
    await waitFor(async () => (await call('/public/settings')).status === 200, {
      what: 'the node to serve again',
      intervalMs: 20,
    });
    recoveries.push(Date.now() - at);
  }
  running = false;
  await Promise.all([...shoppers, ...receivers]);

  expect(node.child.exitCode, 'the node exited').toBeNull();
  expect(node.child.signalCode).toBeNull();
  expect(ended).toBeGreaterThanOrEqual(TERMINATIONS);
  // every request got an answer: a success, or 503 with Retry-After
  const statuses = [...answers.keys()].sort();
  expect(statuses.filter((s) => ![200, 201, 303, 503].includes(s))).toEqual([]);
  expect(missingRetryAfter).toEqual([]);

  // The provider's events reach the webhook through the job queue (retried after a 503): every
  // payment the sandbox took is booked, none twice, each with one receipt.
  const rows = async (text: string) => (await admin.query(text)).rows;
  await waitFor(
    async () =>
      (
        await rows(`select 1 from sandbox_sessions s join payments p
          on p.reference = s.client_reference where s.status = 'complete' and p.status <> 'paid'`)
      ).length === 0,
    { what: 'every payment taken to be booked', timeoutMs: 60_000 },
  );
  expect({
    twice: await rows(`select order_id from order_events where from_status = 'Awaiting Payment'
      and to_status = 'Awaiting Parcel' group by order_id having count(*) > 1`),
    stuck: await rows(`select o.id from orders o join payments p on p.id = o.payment_id
      where p.status = 'paid' and o.status = 'Awaiting Payment'`),
    receiptsTwice: await rows(`select message->>'subject' from mail_outbox where kind = 'receipt'
      group by message->>'subject' having count(*) > 1`),
    // a parcel is written with its audit entry, or not at all
    parcelsWithoutAudit: await rows(`select p.id from parcels p where not exists (select 1 from
      audit_log a where a.subject = 'Parcel' and a.subject_id = p.id::text)`),
  }).toEqual({ twice: [], stuck: [], receiptsTwice: [], parcelsWithoutAudit: [] });
  const [{ parcels }] = await rows(`select count(*)::int as parcels from parcels`);
  expect(parcels).toBeGreaterThanOrEqual(receipts);
  const [{ paid }] = await rows(`select count(*)::int as paid from payments where status = 'paid'`);
  expect(paid).toBeGreaterThan(0);

  // and it serves as before
  expect((await call('/readyz')).status).toBe(200);
  console.info(
    `${TERMINATIONS} terminations (${ended} connections ended): ${checkouts} checkouts, ` +
      `${paid} paid, ${receipts} receipts; answers ${JSON.stringify(Object.fromEntries(answers))}; ` +
      `served again after ${Math.min(...recoveries)}-${Math.max(...recoveries)} ms`,
  );
}, 240_000);
