// kill -9 while staff mark returns to the retailer (decision 0039): the server is killed
// at random moments while two staff members mark each parcel returned at once; it is started
// again and a member of staff tries once more where they saw no answer. Afterwards every return
// is marked once, its unused crossing refunded exactly once (one refund counted, one refund at
// the provider for its key, after the follow-up settles any left pending by the kill), and its
// e-mail queued once (PGlite, or PostgreSQL with DATABASE_URL). 2 rounds in `npm test`, 4 in
// `npm run soak`; RETURN_KILL_ROUNDS sets any other count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { followUpRefunds } from '../../src/server/modules/payments/refund-follow-up';
import { jerseyDelivery } from '../support/addresses';
import { createScratchDatabase } from '../support/database';
import { freePort, startServerProcess } from '../support/nodes';
import { rounds } from '../support/rounds';

const ROUNDS = rounds('RETURN_KILL_ROUNDS', 2, 4);
const RETURNS_PER_ROUND = 3;
const ADMIN = { email: 'admin.kill9@ferrybox.test', password: 'Kill-Nine-Admin-1' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-return-kill9-'));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'ferrybox_return_kill9')
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
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};

const startServer = () => startServerProcess(env);

const headers = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const call = async (method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: headers(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
};
const ok = async <T>(pending: Promise<{ status: number; json: unknown }>, what: string) => {
  const res = await pending;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as T;
};

const label = await new Promise<string>((resolve) => {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.on('end', () => resolve(Buffer.concat(chunks).toString('base64')));
  doc.text('RETAILER RETURNS');
  doc.end();
});

/** A customer with a Jersey address, registered through the API. */
async function customer() {
  const password = 'Kill-Nine-Pass-1';
  const token = await ok<string>(
    call('POST', '/public/auth/register', {
      FirstName: 'Kim',
      LastName: 'Nine',
      Email: `kim.${Date.now()}@example.je`,
      Password: password,
      ConfirmPassword: password,
      Country: 'Jersey',
      TermsAndConditions: true,
    }),
    'register',
  );
  const { Id } = await ok<{ Id: number }>(
    call('POST', '/public/addresses/create', jerseyDelivery(), token),
    'address',
  );
  const { items } = await ok<{ items: { Id: number }[] }>(
    call('POST', '/api/products', {}),
    'products',
  );
  return { token, addressId: Id, productId: items[2].Id };
}

let orders = 0;
/** A paid booking whose parcel is at the depot and whose return is asked, with its label. */
async function returnAsked(who: Awaited<ReturnType<typeof customer>>, staff: string) {
  orders += 1;
  const created = await fetch(`${base}/public/orders/create`, {
    method: 'POST',
    headers: { ...headers(who.token), 'idempotency-key': `return-kill9-${orders}-${Date.now()}` },
    body: JSON.stringify({
      Orders: [
        {
          LocalId: 1,
          ProductId: who.productId,
          RetailerName: 'Argos',
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
  const checkout = (await created.json()) as {
    Orders: { Id: number }[];
    Payment: { CheckoutUrl: string };
  };
  await fetch(new URL(checkout.Payment.CheckoutUrl, base), {
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
  const orderId = checkout.Orders[0].Id;
  await ok(
    call(
      'POST',
      '/api/admin/depot/receive',
      { OrderId: orderId, WeightKg: 2, LengthCm: 30, WidthCm: 20, HeightCm: 10, Shelf: 'K-9' },
      staff,
    ),
    'receive',
  );
  await ok(
    call('POST', `/public/orders/return/${orderId}`, { Label: { Data: label } }, who.token),
    'ask return',
  );
  return orderId;
}

const markReturned = (orderId: number, staff: string, n: number) =>
  call(
    'POST',
    `/api/admin/depot/returns/${orderId}/returned`,
    { Carrier: 'Royal Mail', TrackingNumber: `RM${orderId}${n}GB` },
    staff,
  ).catch(() => ({ status: 0, json: null }));

test(
  `${ROUNDS} rounds of kill -9 while returns are marked refund each unused crossing exactly once`,
  async () => {
    let server = await startServer();
    const who = await customer();
    const logIn = () => ok<string>(call('POST', '/api/admin/auth/login', ADMIN), 'staff login');
    let staff = await logIn();
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids: number[] = [];
      for (let i = 0; i < RETURNS_PER_ROUND; i++) ids.push(await returnAsked(who, staff));
      all.push(...ids);
      // two staff members at once on each, cut off somewhere by the kill
      const running = ids.flatMap((id) => [markReturned(id, staff, 1), markReturned(id, staff, 2)]);
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 400));
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(running);
      server = await startServer();
      staff = await logIn();
      // where no answer came, a member of staff tries once more: marked now, or already (409)
      for (const id of ids) {
        const again = await markReturned(id, staff, 3);
        expect([200, 409], JSON.stringify(again.json)).toContain(again.status);
      }
    }
    server.child.kill('SIGTERM');
    await server.exited;

    const database = await openDatabase({
      url: scratch?.url,
      pgliteDir: scratch ? undefined : path.join(dir, 'pglite'),
    });
    try {
      await database.migrate();
      // The follow-up asks the provider about refunds a kill left pending (same key), as its job
      // would a minute later.
      const app = await buildApp(
        loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        database,
        { jobPollingSeconds: 60 },
      );
      await app.ready();
      await followUpRefunds(app, new Date(Date.now() + 5 * 60_000));
      await app.close();

      const rows = async (query: string) =>
        (
          (await database.db.execute(sql.raw(query))) as unknown as {
            rows: Record<string, unknown>[];
          }
        ).rows;
      const ids = all.join(', ');
      const notReturned = await rows(
        `select id, status from orders where id in (${ids}) and status <> 'Returned to Retailer'`,
      );
      const markedTwice = await rows(`
        select order_id, count(*) from order_events
        where order_id in (${ids}) and to_status = 'Returned to Retailer'
        group by order_id having count(*) <> 1`);
      // one refund counted per order, of what its checkout took, and made
      const refundsWrong = await rows(`
        select o.id, count(r.id) as n, sum(r.amount_pence) as pence, o.total_pence - o.discount_pence as paid,
               string_agg(r.status, ',') as statuses
        from orders o left join refunds r on r.order_id = o.id and r.status <> 'failed'
        where o.id in (${ids})
        group by o.id
        having count(r.id) <> 1 or sum(r.amount_pence) <> o.total_pence - o.discount_pence
            or string_agg(r.status, ',') <> 'succeeded'`);
      // the provider gave each back once, and no more than its payment took
      const providerTwice = await rows(`
        select r.id, count(s.id) from refunds r
        left join sandbox_refunds s on s.idempotency_key = r.idempotency_key
        where r.order_id in (${ids}) group by r.id having count(s.id) <> 1`);
      const overPaid = await rows(`
        select p.id from payments p
        join sandbox_refunds s on s.payment_id = p.provider_payment_id
        group by p.id, p.amount_pence having sum(s.amount_pence) > p.amount_pence`);
      const mails = await rows(`
        select message->>'subject' as subject, count(*) from mail_outbox
        where kind = 'returned-to-retailer' group by message->>'subject' having count(*) <> 1`);
      const mailCount = await rows(
        `select count(*)::int as n from mail_outbox where kind = 'returned-to-retailer'`,
      );
      expect({ notReturned, markedTwice, refundsWrong, providerTwice, overPaid, mails }).toEqual({
        notReturned: [],
        markedTwice: [],
        refundsWrong: [],
        providerTwice: [],
        overPaid: [],
        mails: [],
      });
      expect(mailCount[0].n).toBe(all.length);
    } finally {
      await database.close();
    }
  },
  300_000 + ROUNDS * 30_000,
);
