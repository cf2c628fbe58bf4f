// A December evening (docs/decisions/0053): customers behaving as customers do, on one node and
// PostgreSQL. Each virtual customer already has an account, a session and a paid booking, and
// loops visits: a quarter browse the site, a quarter follow their parcel's tracking link, a quarter
// read their orders; one visit in twenty registers a new account and logs in with it; one in five
// books and pays. Each step's p50 and p99 at several numbers of customers at once, twice (EVENINGS
// below): with the pause a person takes between visits, and with none, which measures the node's
// capacity and finds the knee: the visits a second at the first level whose p99 passes 250 ms on
// a step that hashes no password. PostgreSQL only.
import os from 'node:os';
import { EXTRAS_REQUEST, PRICE_BANDS_REQUEST } from '../src/shared/catalogue-requests';
import { jerseyDelivery } from '../tests/support/addresses';
import { createScratchDatabase } from '../tests/support/database';
import { startNode, stopNode } from '../tests/support/nodes';
import { checkOutAndPay, latency, Recorder, type Latency } from './mixed';

const SECONDS = Number(process.env.EVENING_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.EVENING_WARMUP_SECONDS ?? 3);
const levelsOf = (text: string) => text.split(',').map(Number);
/**
 * Two evenings. Customers as they are: each reads a page before the next visit, a pause drawn
 * around THINK_SECONDS (an exponential draw: most short, a few long), so that 200 customers ask
 * ten times what 20 do. And the node's capacity: the same visits with no pause at all, each
 * customer asking again the moment it is answered, which finds the knee.
 */
const THINK_SECONDS = Number(process.env.EVENING_THINK_SECONDS ?? 10);
export const EVENINGS = {
  customers: {
    thinkSeconds: THINK_SECONDS,
    levels: levelsOf(process.env.EVENING_LEVELS ?? '20,100,200,400'),
    // Long enough for each customer to make a few visits between its pauses.
    seconds: Math.max(SECONDS, 3 * THINK_SECONDS),
    warmupSeconds: Math.max(WARMUP_SECONDS, THINK_SECONDS),
  },
  capacity: {
    thinkSeconds: 0,
    levels: levelsOf(process.env.EVENING_CAPACITY_LEVELS ?? '20,50,100,150,200'),
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  },
} as const;
type Evening = (typeof EVENINGS)[keyof typeof EVENINGS];
/** Every step but those that hash a password answers within this at p99. */
export const EVENING_TARGET_MS = 250;
/** Logging in and registering hash a password: their p99 target. */
export const EVENING_HASH_TARGET_MS = 1000;

const STEPS = ['browse', 'track', 'orders', 'register', 'login', 'book', 'pay'] as const;
type Step = (typeof STEPS)[number];
const HASHING: readonly Step[] = ['register', 'login'];

/** What a customer of the evening has before it starts. */
interface Regular {
  token: string;
  orderId: number;
  trackingPath: string;
  addressId: number;
}

export interface EveningLevel {
  customers: number;
  seconds: number;
  visitsPerSecond: number;
  requestsPerSecond: number;
  errors: number;
  /** Each step's p50 and p99 (ms) and how many requests it made (none: not drawn). */
  steps: Record<Step, Latency & { requests: number }>;
  /** The highest p99 of the steps that hash no password. */
  worstP99: number;
}

export interface EveningResult {
  date: string;
  machine: string;
  /** The mean pause between a customer's visits (0: none, the node's capacity). */
  thinkSeconds: number;
  levels: EveningLevel[];
  /** Visits a second at the first level whose worst p99 passes the target (null: none did). */
  knee: { customers: number; visitsPerSecond: number } | null;
}

const PASSWORD = 'Gorey-Harbour-77';
let made = 0;

function registration() {
  made += 1;
  return {
    FirstName: 'Evening',
    LastName: 'Customer',
    Email: `evening.${process.pid}.${made}.${Date.now()}@example.je`,
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    Country: 'Jersey',
    TermsAndConditions: true,
  };
}

/** A booking of band C with the sandbox's card, paid: the `pay` part of a visit. */
async function bookAndPay(r: Recorder<Step>, token: string, addressId: number, bandId: number) {
  await r.call('book', 'GET', '/order/');
  await r.call('book', 'POST', '/api/orderextras', { json: EXTRAS_REQUEST });
  return checkOutAndPay(r, 'pay', token, addressId, {
    ProductId: bandId,
    ItemDescription: 'Christmas presents',
    ItemValue: 64.5,
    ItemCount: 3,
  });
}

/** A customer as the evening finds them: registered, logged in, one booking paid. */
async function regular(r: Recorder<Step>, bandId: number): Promise<Regular> {
  const token = (
    await r.call('register', 'POST', '/public/auth/register', { json: registration() })
  ).json<string>();
  const address = (
    await r.call('pay', 'POST', '/public/addresses/create', {
      json: jerseyDelivery(),
      token,
      status: 201,
    })
  ).json<{ Id: number }>();
  const created = await bookAndPay(r, token, address.Id, bandId);
  const orderId = created.Orders[0].Id;
  const detail = (await r.call('orders', 'GET', `/public/orders/${orderId}`, { token })).json<{
    TrackingPath: string;
  }>();
  return { token, orderId, trackingPath: detail.TrackingPath, addressId: address.Id };
}

/** One visit of the kind the draw says (of 20: 5 browse, 5 track, 5 orders, 1 register, 4 book). */
async function visit(r: Recorder<Step>, me: Regular, bandId: number, draw: number) {
  if (draw < 5) {
    await r.call('browse', 'GET', '/');
    await r.call('browse', 'GET', '/public/settings');
    await r.call('browse', 'POST', '/api/products', { json: PRICE_BANDS_REQUEST });
    await r.call('browse', 'GET', '/faqs/');
  } else if (draw < 10) {
    await r.call('track', 'GET', me.trackingPath);
    await r.call('track', 'GET', `/public${me.trackingPath}`);
  } else if (draw < 15) {
    await r.call('orders', 'GET', '/public/auth/me', { token: me.token });
    await r.call('orders', 'POST', '/public/orders', { json: {}, token: me.token });
    await r.call('orders', 'GET', `/public/orders/${me.orderId}`, { token: me.token });
  } else if (draw < 16) {
    const body = registration();
    await r.call('register', 'POST', '/public/auth/register', { json: body });
    await r.call('login', 'POST', '/public/auth/login', {
      json: { email: body.Email, password: PASSWORD },
    });
  } else {
    await bookAndPay(r, me.token, me.addressId, bandId);
  }
  if (r.measuring) r.visits += 1;
}

/** A small deterministic generator, so two runs draw the same visits and pauses: 0 to 1. */
function draws(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A pause of `meanSeconds` on average, exponentially drawn (0: none), never past `until`. */
function pause(meanSeconds: number, draw: number, until: number) {
  if (meanSeconds === 0) return Promise.resolve();
  const ms = Math.min(-Math.log(1 - draw) * meanSeconds * 1000, until - Date.now());
  return ms > 0 ? new Promise((done) => setTimeout(done, ms)) : Promise.resolve();
}

async function level(
  base: string,
  customers: Regular[],
  bandId: number,
  evening: Evening,
): Promise<EveningLevel> {
  const r = new Recorder(base, STEPS);
  let stopAt = Date.now() + evening.warmupSeconds * 1000;
  const loop = async (me: Regular, i: number) => {
    const next = draws(i + 1);
    // Customers arrive one by one, not all at the same instant.
    await pause(evening.thinkSeconds, next(), stopAt);
    while (Date.now() < stopAt) {
      await visit(r, me, bandId, Math.floor(next() * 20)).catch((err: unknown) => {
        if (r.measuring) r.errors.push(String(err));
      });
      await pause(evening.thinkSeconds, next(), stopAt);
    }
  };
  await Promise.all(customers.map(loop));
  r.measuring = true;
  const from = performance.now();
  stopAt = Date.now() + evening.seconds * 1000;
  await Promise.all(customers.map(loop));
  const elapsed = (performance.now() - from) / 1000;
  if (r.errors.length) console.warn(`${r.errors.length} errors, the first:`, r.errors.slice(0, 3));
  const steps = Object.fromEntries(
    STEPS.map((s) => [s, { ...latency(r.latencies[s]), requests: r.latencies[s].length }]),
  ) as EveningLevel['steps'];
  const requests = STEPS.reduce((n, s) => n + r.latencies[s].length, 0);
  return {
    customers: customers.length,
    seconds: Number(elapsed.toFixed(1)),
    visitsPerSecond: Number((r.visits / elapsed).toFixed(1)),
    requestsPerSecond: Number((requests / elapsed).toFixed(1)),
    errors: r.errors.length,
    steps,
    worstP99: Math.max(...STEPS.filter((s) => !HASHING.includes(s)).map((s) => steps[s].p99)),
  };
}

/** The evening at each level on one node; null (and a message) without PostgreSQL. */
export async function eveningScenario(evening: Evening): Promise<EveningResult | null> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\nA December evening: skipped (it needs PostgreSQL: set DATABASE_URL)');
    return null;
  }
  const scratch = await createScratchDatabase(databaseUrl, 'ferrybox_evening');
  const node = await startNode(scratch.url, {
    NODE_ENV: 'production',
    SERVE_WEB: 'true',
    // Every customer comes from this one address: the per-address limits are lifted.
    RATE_LIMIT_SCALE: '1000',
  });
  try {
    const base = `http://127.0.0.1:${node.port}`;
    const setup = new Recorder(base, STEPS);
    const products = await setup.call('browse', 'POST', '/api/products', {
      json: PRICE_BANDS_REQUEST,
    });
    const bandId = products
      .json<{ items: { Id: number; Code: string }[] }>()
      .items.find((p) => p.Code === 'C')!.Id;
    const regulars: Regular[] = [];
    // Ten at a time: the accounts and bookings of the biggest level, before any clock runs.
    while (regulars.length < Math.max(...evening.levels))
      regulars.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => regular(setup, bandId)))),
      );
    const levels: EveningLevel[] = [];
    for (const count of evening.levels)
      levels.push(await level(base, regulars.slice(0, count), bandId, evening));
    const crossed = levels.find((l) => l.worstP99 > EVENING_TARGET_MS);
    return {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, node ${process.version}`,
      thinkSeconds: evening.thinkSeconds,
      levels,
      knee: crossed
        ? { customers: crossed.customers, visitsPerSecond: crossed.visitsPerSecond }
        : null,
    };
  } finally {
    await stopNode(node);
    await scratch.drop();
  }
}

export function printEvening(result: EveningResult) {
  console.log(
    `\nA December evening on one node (${result.thinkSeconds ? `a pause of ${result.thinkSeconds} s on average between a customer's visits` : 'no pause between visits: the capacity'}, ${result.levels[0]?.seconds ?? SECONDS}s per level, ${result.machine}); p99 targets ${EVENING_TARGET_MS} ms, ${EVENING_HASH_TARGET_MS} ms for register and login`,
  );
  console.table(
    result.levels.map((l) => ({
      customers: l.customers,
      'visits/s': l.visitsPerSecond,
      'req/s': l.requestsPerSecond,
      errors: l.errors,
      ...Object.fromEntries(
        STEPS.map((s) => [`${s} p50/p99`, `${l.steps[s].p50}/${l.steps[s].p99}`]),
      ),
    })),
  );
  console.log(
    result.knee
      ? `The knee: p99 passes ${EVENING_TARGET_MS} ms at ${result.knee.customers} customers, ${result.knee.visitsPerSecond} visits a second`
      : `No level's p99 passed ${EVENING_TARGET_MS} ms`,
  );
}
