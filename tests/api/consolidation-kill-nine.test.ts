// kill -9 while consolidated boxes are dispatched (decision 0041): each round, boxes of
// three paid bookings are repacked and measured smaller than the three crossings paid, then two
// clerks dispatch each box at once and the server is killed at a random moment. It is started
// again and a clerk tries once more where no answer came. Afterwards every box has left once, the
// difference is refunded exactly once (one refund counted of the difference, one refund at the
// provider for its key, once the follow-up job settles any the kill left pending), and the
// dispatch e-mailed once. Then two office members reverse one box's refund at once: one reversal,
// read back from the audit log with who made it. PGlite, or PostgreSQL with DATABASE_URL.
// 2 rounds in `npm test`, 3 in `npm run soak`; CONSOLIDATION_KILL_ROUNDS sets any other count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

const ROUNDS = rounds('CONSOLIDATION_KILL_ROUNDS', 2, 3);
const BOXES_PER_ROUND = 2;
/** Three band A crossings (£6.95 each) in one band B box (£9.95) with repacking (£5.00). */
const DIFFERENCE_PENCE = 3 * 695 - (995 + 500);
const ADMIN = { email: 'admin.consolidation-kill9@ferrybox.test', password: 'Kill-Nine-Admin-1' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-consolidation-kill9-'));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'ferrybox_consolidation_kill9')
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

const call = async (method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
};
const ok = async <T>(pending: Promise<{ status: number; json: unknown }>, what: string) => {
  const res = await pending;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as T;
};

/** A customer with a Jersey address, registered through the API, and band A's product. */
async function customer() {
  const password = 'Kill-Nine-Pass-1';
  const token = await ok<string>(
    call('POST', '/public/auth/register', {
      FirstName: 'Cora',
      LastName: 'Nine',
      Email: `cora.${Date.now()}@example.je`,
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
  const { items } = await ok<{ items: { Id: number; Code: string }[] }>(
    call('POST', '/api/products', {}),
    'products',
  );
  return { token, addressId: Id, productId: items.find((p) => p.Code === 'A')!.Id };
}

let bookings = 0;
/** A band A booking to Jersey with its item line, paid with the sandbox's card. */
async function paidBooking(who: Awaited<ReturnType<typeof customer>>) {
  bookings += 1;
  const created = await fetch(`${base}/public/orders/create`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      'idempotency-key': `consolidation-kill9-${bookings}-${Date.now()}`,
    },
    body: JSON.stringify({
      Orders: [
        {
          LocalId: 1,
          ProductId: who.productId,
          RetailerName: 'Argos',
          TermsAcceptedAt: new Date().toISOString(),
          ItemDescription: 'Paperbacks',
          ItemValue: 30,
          ItemCount: 1,
          Island: 'Jersey',
          selectedExtras: [],
          ItemLines: [{ Description: 'Paperbacks', Quantity: 1, ValueEach: 30, Origin: 'GB' }],
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
      name: 'Cora Nine',
    }).toString(),
    redirect: 'manual',
  });
  return checkout.Orders[0].Id;
}

/** Three paid bookings asked to go together, received, repacked and measured as a band B box. */
async function boxReady(who: Awaited<ReturnType<typeof customer>>, staff: string) {
  const ids = [await paidBooking(who), await paidBooking(who), await paidBooking(who)];
  const { Id } = await ok<{ Id: number }>(
    call('POST', '/public/consolidation/create', { OrderIds: ids }, who.token),
    'consolidate',
  );
  for (const orderId of ids) {
    await ok(
      call(
        'POST',
        '/api/admin/depot/receive',
        { OrderId: orderId, WeightKg: 2, LengthCm: 30, WidthCm: 20, HeightCm: 6, Shelf: 'K-9' },
        staff,
      ),
      'receive',
    );
  }
  await ok(call('POST', `/api/admin/depot/consignments/${Id}/repack`, undefined, staff), 'repack');
  await ok(
    call(
      'POST',
      `/api/admin/depot/consignments/${Id}/measure`,
      { WeightKg: 6, LengthCm: 45, WidthCm: 35, HeightCm: 20 },
      staff,
    ),
    'measure',
  );
  return Id;
}

const dispatchBox = (id: number, staff: string, n: number) =>
  call(
    'POST',
    `/api/admin/depot/consignments/${id}/dispatch`,
    {
      SailingDate: new Date().toISOString().slice(0, 10),
      Carrier: 'jersey-post',
      TrackingNumber: `JP${String(id).padStart(6, '0')}${n}GB`,
    },
    staff,
  ).catch(() => ({ status: 0, json: null }));

test(
  `${ROUNDS} rounds of kill -9 while boxes are dispatched refund each difference exactly once`,
  async () => {
    let server = await startServerProcess(env);
    const who = await customer();
    const logIn = () => ok<string>(call('POST', '/api/admin/auth/login', ADMIN), 'staff login');
    let staff = await logIn();
    const all: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids: number[] = [];
      for (let i = 0; i < BOXES_PER_ROUND; i++) ids.push(await boxReady(who, staff));
      all.push(...ids);
      // two clerks at once on each box, cut off somewhere by the kill
      const running = ids.flatMap((id) => [dispatchBox(id, staff, 1), dispatchBox(id, staff, 2)]);
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 400));
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(running);
      server = await startServerProcess(env);
      staff = await logIn();
      // where no answer came, a clerk tries once more: dispatched now, or already (409)
      for (const id of ids) {
        const again = await dispatchBox(id, staff, 3);
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
      // Then the office reverses one box's refund, two members at once: one reversal.
      const reversing = all[0];
      const officer = await app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: ADMIN,
      });
      const reversals = await Promise.all(
        ['Weighed without its contents', 'Measured with the lid open'].map((Reason) =>
          app.inject({
            method: 'POST',
            url: `/api/admin/consignments/${reversing}/reverse`,
            headers: { authorization: `Bearer ${officer.json() as string}` },
            payload: { Reason },
          }),
        ),
      );
      await app.close();

      const rows = async (query: string) =>
        (
          (await database.db.execute(sql.raw(query))) as unknown as {
            rows: Record<string, unknown>[];
          }
        ).rows;
      const ids = all.join(', ');
      const notDispatched = await rows(
        `select id, status from consignments where id in (${ids}) and status <> 'dispatched'`,
      );
      const dispatchedTwice = await rows(`
        select subject_id, count(*) from audit_log
        where subject = 'Consignment' and action = 'dispatch' and subject_id in (${all.map((id) => `'${id}'`).join(', ')})
        group by subject_id having count(*) <> 1`);
      const shippedTwice = await rows(`
        select co.order_id, count(e.id) from consignment_orders co
        left join order_events e on e.order_id = co.order_id and e.to_status = 'Shipped'
        where co.consignment_id in (${ids})
        group by co.order_id having count(e.id) <> 1`);
      // one refund counted per box, of the difference, and made
      const refundsWrong = await rows(`
        select c.id, count(r.id) as n, sum(r.amount_pence) as pence, string_agg(r.status, ',') as statuses
        from consignments c left join refunds r on r.consignment_id = c.id and r.status <> 'failed'
        where c.id in (${ids})
        group by c.id
        having count(r.id) <> 1 or sum(r.amount_pence) <> ${DIFFERENCE_PENCE}
            or string_agg(r.status, ',') <> 'succeeded'`);
      // the provider gave each back once, and no payment more than it took
      const providerTwice = await rows(`
        select r.id, count(s.id) from refunds r
        left join sandbox_refunds s on s.idempotency_key = r.idempotency_key
        where r.consignment_id in (${ids}) group by r.id having count(s.id) <> 1`);
      const overPaid = await rows(`
        select p.id from payments p
        join sandbox_refunds s on s.payment_id = p.provider_payment_id
        group by p.id, p.amount_pence having sum(s.amount_pence) > p.amount_pence`);
      const dispatchMails = await rows(
        `select count(*)::int as n from mail_outbox where kind = 'consolidation-dispatched'`,
      );
      expect({
        notDispatched,
        dispatchedTwice,
        shippedTwice,
        refundsWrong,
        providerTwice,
        overPaid,
      }).toEqual({
        notDispatched: [],
        dispatchedTwice: [],
        shippedTwice: [],
        refundsWrong: [],
        providerTwice: [],
        overPaid: [],
      });
      expect(dispatchMails[0].n).toBe(all.length);

      // The reversal: one answered 200, the other 409; one entry in the audit log, by the admin,
      // with the reason; the refund asked back by one invoice; the refund itself untouched.
      expect(reversals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const audited = await rows(`
        select a.action, u.email, a.after->>'Reason' as reason, a.before->>'Refunded' as refunded
        from audit_log a join users u on u.id = a.actor_id
        where a.subject = 'Consignment' and a.subject_id = '${reversing}' and a.action = 'reverse'`);
      expect(audited).toEqual([
        {
          action: 'reverse',
          email: ADMIN.email,
          reason: expect.stringMatching(
            /^(Weighed without its contents|Measured with the lid open)$/,
          ),
          refunded: String(DIFFERENCE_PENCE),
        },
      ]);
      const askedBack = await rows(`
        select i.amount_pence, i.status from consignments c join invoices i on i.id = c.reversal_invoice_id
        where c.id = ${reversing}`);
      expect(askedBack).toEqual([{ amount_pence: DIFFERENCE_PENCE, status: 'unpaid' }]);
      const reversedMails = await rows(
        `select count(*)::int as n from mail_outbox where kind = 'consolidation-reversed'`,
      );
      expect(reversedMails[0].n).toBe(1);
    } finally {
      await database.close();
    }
  },
  300_000 + ROUNDS * 40_000,
);
