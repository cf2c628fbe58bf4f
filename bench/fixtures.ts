// The API server the benchmarks measure, and the customers and baskets they start from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { addresses, products, users } from '../src/server/db/schema';
import { loadConfig } from '../src/server/config';
import { createStaff } from '../src/server/modules/staff/service';
import { start } from '../src/server/start';
import { createScratchDatabase } from '../tests/support/database';

/**
 * The API server the rows measure, on a fresh PGlite folder, or on a new PostgreSQL database
 * beside DATABASE_URL's (dropped afterwards) when it is set.
 */
export async function startApi() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-bench-'));
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'ferrybox_bench')
    : undefined;
  const config = loadConfig({
    ...process.env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    RATE_LIMIT_SCALE: '1000',
  });
  const running = await start(config);
  return {
    running,
    databaseUrl: scratch?.url,
    base: `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`,
    stop: async () => {
      await running.stop();
      await scratch?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A staff member of `role`, made and logged in on the running API: the headers of their calls. */
export async function staffHeaders(
  { app, database }: Awaited<ReturnType<typeof startApi>>['running'],
  role: 'depot' | 'office',
) {
  const password = `${role[0].toUpperCase()}${role.slice(1)}-bench-pass-1`;
  const member = await createStaff(database.db, {
    email: `${role}.${Date.now()}@staff.ferrybox.test`,
    password,
    role,
    firstName: 'Bench',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email: member.email, password },
  });
  return { authorization: `Bearer ${login.json() as string}` };
}

export async function registeredCustomer(base: string, database: Database) {
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2)}@example.je`;
  const register = await fetch(`${base}/public/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      FirstName: 'Bench',
      LastName: 'Customer',
      Email: email,
      Password: 'Gorey-Harbour-77',
      ConfirmPassword: 'Gorey-Harbour-77',
      Country: 'Jersey',
      TermsAndConditions: true,
    }),
  });
  const token = (await register.json()) as string;
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { id: user.id, headers: { authorization: `Bearer ${token}` } };
}

/** A registered customer with a Jersey delivery and a UK billing address, and a basket of two. */
export async function checkoutFixture(base: string, database: Database) {
  const customer = await registeredCustomer(base, database);
  const db = database.db;
  const address = { customerId: customer.id, fullName: 'Bench Customer', line1: '1 Rue de Bas' };
  const [delivery] = await db
    .insert(addresses)
    .values({
      ...address,
      type: 'Delivery',
      parish: 'St Helier',
      island: 'Jersey',
      country: 'JE',
      postcode: 'JE2 3AB',
    })
    .returning();
  const [billing] = await db
    .insert(addresses)
    .values({ ...address, type: 'Billing', town: 'London', country: 'GB', postcode: 'E14 5AB' })
    .returning();
  const [band] = await db.select().from(products).where(eq(products.code, 'C'));
  const booking = {
    ProductId: band.id,
    RetailerName: 'John Lewis',
    TermsAcceptedAt: new Date().toISOString(),
    ItemDescription: 'Kettle and toaster',
    ItemValue: 89.99,
    ItemCount: 2,
    Island: 'Jersey',
  };
  return {
    headers: customer.headers,
    body: JSON.stringify({
      Orders: [booking, { ...booking, ItemDescription: 'Winter coat' }],
      DeliveryAddressId: delivery.id,
      BillingAddressId: billing.id,
      TermsAccepted: true,
    }),
  };
}
