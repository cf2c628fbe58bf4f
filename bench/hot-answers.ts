// Each hot answer beside its bare twin (bench/twins.ts), on PostgreSQL: ours at load, then the
// twin at the same load, and the ratio of their requests a second (docs/decisions/0053). Targets:
// at least 0.5 of the twin, 0.6 for the reads.
import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { orders } from '../src/server/db/schema';
import { trackingPathOf } from '../src/server/lib/tracking-codes';
import { checkoutFixture, registeredCustomer, staffHeaders, startApi } from './fixtures';
import { CONNECTIONS, measure } from './load';
import { HISTORY_CASES, seedOrderHistory } from './order-history';
import { recordPg, recordStatements, startTwins, type Recording, type TwinRequest } from './twins';

export interface TwinRow {
  call: string;
  kind: 'read' | 'write';
  /** Statements the answer sends (the twin sends the same). */
  statements: number;
  rps: number;
  p50: number;
  p99: number;
  twinRps: number;
  twinP50: number;
  twinP99: number;
  ratio: number;
  target: number;
}

export interface HotAnswer {
  call: string;
  kind: 'read' | 'write';
  request: TwinRequest;
  /** A new Idempotency-Key for every request (a checkout). */
  uniqueKey?: boolean;
  /**
   * A request for each connection, the first of them `request` (a checkout: a customer per
   * connection, each with their own session and basket, as customers check out).
   */
  perConnection?: TwinRequest[];
}

/** What a connection sends, for `measure`: its own request's headers and body, or the answer's. */
export const connectionRequests = (answer: HotAnswer) =>
  answer.perConnection?.map(({ headers, body }) => ({ headers, body }));

const json = { 'content-type': 'application/json' };

/** Needs DATABASE_URL: the twins open their own pool on the run's PostgreSQL database. */
export async function twinRows(): Promise<TwinRow[]> {
  // Recording starts before the server opens its pool (bench/twins.ts).
  recordPg();
  const { running, base, databaseUrl, stop } = await startApi();
  if (!databaseUrl) throw new Error('the twins need PostgreSQL (DATABASE_URL)');
  const { app } = running;
  try {
    const answers = await hotAnswers(running, base);
    const ask = async (r: TwinRequest) => {
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: r.headers,
        payload: r.body,
      });
      return { status: res.statusCode, body: res.body };
    };
    const recordings: Recording[][] = [];
    for (const answer of answers) {
      // A read is asked once before it is recorded, as under load: what the node keeps (the
      // depot's address, the catalogue) is then kept, and the twin sends what a request sends then.
      // (A write is not: a second checkout would replace the first, a different answer.)
      if (answer.kind === 'read') await ask(answer.request);
      // Each connection's own request is recorded (its customer's statements), for its twin.
      const own: Recording[] = [];
      for (const request of answer.perConnection ?? [answer.request])
        own.push(await recordStatements(request, ask));
      recordings.push(own);
    }
    const twins = await startTwins(databaseUrl, 10, recordings);
    const rows: TwinRow[] = [];
    try {
      for (const [i, answer] of answers.entries()) {
        const { method, url, headers, body } = answer.request;
        const options = {
          headers,
          uniqueKey: answer.uniqueKey,
          perConnection: connectionRequests(answer),
        };
        // Once by hand first: a twin whose statements fail says which.
        const tried = await fetch(`${twins.base}/${i}`, {
          method,
          body,
          headers: { ...headers, 'idempotency-key': randomUUID() },
        });
        if (!tried.ok) throw new Error(`${answer.call}'s twin: ${await tried.text()}`);
        const ours = await measure(`${base}${url}`, method, body, options);
        const twin = await measure(`${twins.base}/${i}`, method, body, options);
        rows.push({
          call: answer.call,
          kind: answer.kind,
          statements: recordings[i][0].statements.length,
          ...ours,
          twinRps: twin.rps,
          twinP50: twin.p50,
          twinP99: twin.p99,
          ratio: Math.round((ours.rps / twin.rps) * 100) / 100,
          target: answer.kind === 'read' ? 0.6 : 0.5,
        });
      }
    } finally {
      await twins.close();
    }
    return rows;
  } finally {
    await stop();
  }
}

/**
 * The hot answers and what they need: a customer with 3,030 of 100,000 orders, a basket, a
 * parcel to track and a depot login (bench/profile.ts profiles the same calls).
 */
export async function hotAnswers(
  running: Awaited<ReturnType<typeof startApi>>['running'],
  base: string,
): Promise<HotAnswer[]> {
  const { app, database } = running;
  const reader = await registeredCustomer(base, database);
  console.log(`Seeding the order history (${await seedOrderHistory(database, reader.id)} own)`);
  // A customer for each connection, each with a checkout made already: under load, each of their
  // checkouts replaces their last, as a customer's second does. (Ten connections checking out as
  // one customer would wait in turn for that customer's lock: docs/decisions/0053.)
  const checkouts: TwinRequest[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const fixture = await checkoutFixture(base, database);
    const checkout = {
      method: 'POST' as const,
      url: '/public/orders/create',
      headers: { ...fixture.headers, ...json },
      body: fixture.body,
    };
    const booked = await app.inject({
      method: checkout.method,
      url: checkout.url,
      headers: { ...checkout.headers, 'idempotency-key': randomUUID() },
      payload: checkout.body,
    });
    if (booked.statusCode >= 300) throw new Error(`checkout: ${booked.body}`);
    checkouts.push({
      ...checkout,
      headers: { ...checkout.headers, 'idempotency-key': randomUUID() },
    });
  }
  const [checkout] = checkouts;
  const [latest] = await database.db
    .select({ id: orders.id })
    .from(orders)
    .orderBy(desc(orders.id))
    .limit(1);
  const tracking = await trackingPathOf(database.db, latest.id);
  const staff = await staffHeaders(running, 'depot');
  const bookings = (JSON.parse(checkout.body!) as { Orders: unknown[] }).Orders;
  const search = HISTORY_CASES.find((c) => c.name === 'search a retailer')!;

  const answers: HotAnswer[] = [
    {
      call: 'POST /public/orders/create',
      kind: 'write',
      request: checkout,
      uniqueKey: true,
      perConnection: checkouts,
    },
    {
      call: 'GET /public/auth/me',
      kind: 'read',
      request: { method: 'GET', url: '/public/auth/me', headers: reader.headers },
    },
    ...[HISTORY_CASES[0], search].map((c): HotAnswer => ({
      call: `POST /public/orders (${c.name})`,
      kind: 'read',
      request: {
        method: 'POST',
        url: '/public/orders',
        headers: { ...reader.headers, ...json },
        body: JSON.stringify(c.body),
      },
    })),
    {
      call: 'GET /public/track/{code}',
      kind: 'read',
      request: { method: 'GET', url: `/public${tracking}`, headers: {} },
    },
    {
      call: 'POST /api/admin/depot/receive',
      kind: 'write',
      request: {
        method: 'POST',
        url: '/api/admin/depot/receive',
        headers: { ...staff, ...json },
        body: JSON.stringify({
          CustomerId: reader.id,
          WeightKg: 1.2,
          LengthCm: 30,
          WidthCm: 20,
          HeightCm: 10,
          Shelf: 'B2',
        }),
      },
    },
    {
      call: 'POST /public/orders/gst-estimate',
      kind: 'read',
      request: {
        method: 'POST',
        url: '/public/orders/gst-estimate',
        headers: { authorization: checkout.headers.authorization, ...json },
        body: JSON.stringify({ Orders: bookings }),
      },
    },
  ];
  // BENCH_ANSWERS=me,gst: only the answers whose call contains one of these words (to measure a
  // fix beside the code before it, pair by pair, without the others' minutes).
  const wanted = process.env.BENCH_ANSWERS?.split(',').filter(Boolean);
  return wanted ? answers.filter((a) => wanted.some((w) => a.call.includes(w))) : answers;
}

export function printTwins(rows: TwinRow[]) {
  console.log('\nEach hot answer beside its bare twin (the same SQL from plain Fastify and pg)');
  console.table(
    rows.map((r) => ({
      call: r.call,
      statements: r.statements,
      'req/s': Math.round(r.rps),
      'p99 ms': r.p99,
      'twin req/s': Math.round(r.twinRps),
      'twin p99 ms': r.twinP99,
      ratio: r.ratio.toFixed(2),
      target: r.target,
      met: r.ratio >= r.target ? 'yes' : 'no',
    })),
  );
}
