// kill -9 while a dispute is decided: a paid excess-carriage invoice of £3.00 is
// disputed, and the office reduces it to £1.00 with two requests at once; the server is killed at
// a random moment after they are sent (before, during or after the decision's transaction, or
// between it and the payment provider's answer), then started again and the office asks again.
// Afterwards each dispute was decided once and refunded £2.00 exactly once, at our side and at the
// provider's (the sandbox's own records), once the refund follow-up has asked the provider about
// refunds left pending (decision 0018). PGlite, or PostgreSQL with DATABASE_URL.
// 2 rounds in `npm test`, 4 in `npm run soak`; DISPUTE_KILL_ROUNDS sets any other count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { orderCases, payments, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { followUpRefunds } from '../../src/server/modules/payments/refund-follow-up';
import { jerseyDelivery } from '../support/addresses';
import { createScratchDatabase } from '../support/database';
import { freePort, startServerProcess } from '../support/nodes';
import { waitFor } from '../support/wait';
import { rounds } from '../support/rounds';

const ROUNDS = rounds('DISPUTE_KILL_ROUNDS', 2, 4);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-dispute-kill9-'));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'ferrybox_dispute_kill9')
  : undefined;
/** The server running now, stopped after the test whatever happened. */
let current: Awaited<ReturnType<typeof startServerProcess>> | undefined;
afterAll(async () => {
  if (current && current.child.exitCode === null) {
    current.child.kill('SIGKILL');
    await current.exited;
  }
  await scratch?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const ADMIN = { email: 'admin.kill9@ferrybox.test', password: 'Kill-Nine-Admin-Passw0rd!' };
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

async function startServer() {
  current = await startServerProcess(env);
  return current;
}

const headers = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers:
      body === undefined ? (token ? { authorization: `Bearer ${token}` } : {}) : headers(token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const sandboxPay = (url: string) =>
  fetch(new URL(url, base), {
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

let customers = 0;

/** A customer's band A booking, measured 1 mm too long, its £3.00 invoice paid and disputed. */
async function disputedPaidInvoice(admin: string) {
  customers += 1;
  const password = 'Kill-Nine-Pass-1';
  const token = await call<string>('POST', '/public/auth/register', undefined, {
    FirstName: 'Kim',
    LastName: 'Nine',
    Email: `kim.${Date.now()}.${customers}@example.je`,
    Password: password,
    ConfirmPassword: password,
    Country: 'Jersey',
    TermsAndConditions: true,
  });
  const { Id: addressId } = await call<{ Id: number }>(
    'POST',
    '/public/addresses/create',
    token,
    jerseyDelivery(),
  );
  const { items } = await call<{ items: { Id: number; Code: string }[] }>(
    'POST',
    '/api/products',
    undefined,
    {},
  );
  const res = await fetch(`${base}/public/orders/create`, {
    method: 'POST',
    headers: { ...headers(token), 'idempotency-key': `dispute-kill9-${customers}-${Date.now()}` },
    body: JSON.stringify({
      Orders: [
        {
          LocalId: 1,
          ProductId: items.find((p) => p.Code === 'A')!.Id,
          RetailerName: 'Argos',
          TermsAcceptedAt: new Date().toISOString(),
          ItemDescription: 'Lamp',
          ItemValue: 30,
          ItemCount: 1,
          Island: 'Jersey',
          selectedExtras: [],
        },
      ],
      DeliveryAddressId: addressId,
      BillingAddressId: addressId,
      TermsAccepted: true,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const checkout = (await res.json()) as {
    Orders: { Id: number }[];
    Payment: { CheckoutUrl: string };
  };
  expect((await sandboxPay(checkout.Payment.CheckoutUrl)).status).toBe(303);
  const orderId = checkout.Orders[0].Id;
  const received = await call<{ Invoice: { Id: number } }>(
    'POST',
    '/api/admin/depot/receive',
    admin,
    { OrderId: orderId, WeightKg: 5, LengthCm: 35.1, WidthCm: 25, HeightCm: 16, Shelf: 'K-9' },
  );
  const invoiceId = received.Invoice.Id;
  const started = await call<{ Payment: { CheckoutUrl: string } }>(
    'POST',
    `/public/payment/additional/${invoiceId}`,
    token,
  );
  expect((await sandboxPay(started.Payment.CheckoutUrl)).status).toBe(303);
  await waitFor(
    async () =>
      (await call<{ Status: string }>('GET', `/public/orders/invoices/${invoiceId}`, token))
        .Status === 'paid',
    { what: `invoice ${invoiceId} paid` },
  );
  const opened = await call<{ Id: number }>('POST', `/public/orders/dispute/${invoiceId}`, token, {
    Message: 'The box was 35 cm long when it left the shop.',
  });
  return { orderId, invoiceId, caseId: opened.Id };
}

const REDUCE = { Decision: 'reduce', Amount: 1 };
const logIn = () =>
  call<string>('POST', '/api/admin/auth/login', undefined, {
    email: ADMIN.email,
    password: ADMIN.password,
  });

test(
  `${ROUNDS} rounds of kill -9 while a dispute is decided refund each reduction exactly once`,
  async () => {
    let server = await startServer();
    const tally = { decidedBeforeKill: 0, decidedAfterRestart: 0 };
    const disputes: Awaited<ReturnType<typeof disputedPaidInvoice>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const admin = await logIn();
      const dispute = await disputedPaidInvoice(admin);
      disputes.push(dispute);
      const decide = () =>
        fetch(`${base}/api/admin/cases/${dispute.caseId}/decide`, {
          method: 'POST',
          headers: headers(admin),
          body: JSON.stringify(REDUCE),
        })
          .then((r) => r.status)
          .catch(() => 0);
      // two at once (two tabs, a double click), and the kill somewhere around them
      const running = Promise.all([decide(), decide()]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      server.child.kill('SIGKILL');
      await server.exited;
      const answers = await running;
      // never two decisions
      expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      server = await startServer();
      // The office asks again after the restart: decided now, or already (409).
      const again = await fetch(`${base}/api/admin/cases/${dispute.caseId}/decide`, {
        method: 'POST',
        headers: headers(await logIn()),
        body: JSON.stringify(REDUCE),
      });
      expect([200, 409]).toContain(again.status);
      tally[again.status === 200 ? 'decidedAfterRestart' : 'decidedBeforeKill'] += 1;
    }
    server.child.kill('SIGTERM');
    await server.exited;

    // The refund follow-up asks the provider about refunds a kill left pending (same key).
    const database = await openDatabase({
      url: scratch?.url,
      pgliteDir: scratch ? undefined : path.join(dir, 'pglite'),
    });
    await database.migrate();
    const app = await buildApp(
      loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
    );
    try {
      await app.ready();
      const followed = await followUpRefunds(app, new Date(Date.now() + 2 * 60_000));
      console.info(
        `dispute kill -9: ${ROUNDS} rounds, ${tally.decidedBeforeKill} decided before the kill, ${tally.decidedAfterRestart} after the restart, ${followed.succeeded} refunds left pending settled by the follow-up`,
      );
      const db = database.db;
      for (const d of disputes) {
        const [decided] = await db.select().from(orderCases).where(eq(orderCases.id, d.caseId));
        expect(decided, `case ${d.caseId}`).toMatchObject({
          status: 'Resolved',
          outcome: 'reduced',
          outcomePence: 100,
        });
        const made = await db.select().from(refunds).where(eq(refunds.orderId, d.orderId));
        expect(
          made.map((r) => [r.amountPence, r.status]),
          `refunds of case ${d.caseId}`,
        ).toEqual([[200, 'succeeded']]);
        const [payment] = await db
          .select()
          .from(payments)
          .where(eq(payments.invoiceId, d.invoiceId));
        const given = await db
          .select({ pence: sql<number>`coalesce(sum(${sandboxRefunds.amountPence}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentId, payment.providerPaymentId!));
        expect(given[0].pence, `given back at the provider for case ${d.caseId}`).toBe(200);
      }
      const decidedEmails = await db.execute(
        sql.raw(`select message->>'subject' as subject, count(*)::int as n from mail_outbox
          where kind = 'dispute-decided' group by 1 having count(*) > 1`),
      );
      expect((decidedEmails as unknown as { rows: unknown[] }).rows).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  },
  300_000 + ROUNDS * 30_000,
);
