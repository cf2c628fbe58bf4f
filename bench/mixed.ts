// The mixed scenario, on one node and on two: each virtual customer loops a whole visit
// (browse pages and the catalogue, register and log in, book, check out and pay with the sandbox
// card) against server processes on one PostgreSQL behind a round-robin proxy
// (tests/support/nodes.ts, as the scale-out test runs them). One node sits behind the same
// proxy, so the ratio measures the second node and nothing else. PostgreSQL only (DATABASE_URL):
// the embedded database opens in one process.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { CheckoutResult } from '../src/shared/api/checkout';
import { EXTRAS_REQUEST, PRICE_BANDS_REQUEST } from '../src/shared/catalogue-requests';
import { jerseyDelivery } from '../tests/support/addresses';
import { createScratchDatabase } from '../tests/support/database';
import { roundRobinProxy, startNode, stopNode, type ServerNode } from '../tests/support/nodes';
import { percentile } from './stats';

/** Measured seconds per node count (after MIXED_WARMUP_SECONDS not counted). */
const SECONDS = Number(process.env.MIXED_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.MIXED_WARMUP_SECONDS ?? 3);
/** Customers visiting at once, each waiting for one answer before its next request. */
const CUSTOMERS = Number(process.env.MIXED_CUSTOMERS ?? process.env.BENCH_CONNECTIONS ?? 10);

/** The parts of a visit, each timed on its own as well as in the whole. */
const STEPS = ['browse', 'account', 'book', 'checkout'] as const;
type Step = (typeof STEPS)[number];

export interface Latency {
  p50: number;
  p99: number;
}

export interface MixedRow extends Latency {
  nodes: number;
  seconds: number;
  customers: number;
  /** Whole visits finished (browse to paid) per second. */
  visitsPerSecond: number;
  requestsPerSecond: number;
  requests: number;
  /** Answers other than the one a browser would get; each ends its visit. */
  errors: number;
  /** Requests each node answered (the proxy's count), measured part only. */
  perNode: number[];
  steps: Record<Step, Latency>;
}

export interface MixedResult {
  date: string;
  machine: string;
  one: MixedRow;
  two: MixedRow;
  /** Two nodes against one: throughput ratio (>1 is faster), latency ratios (<1 is faster). */
  ratio: { requestsPerSecond: number; visitsPerSecond: number; p50: number; p99: number };
}

/** A visit's requests, timed per step while `measuring`, against one base address. */
export class Recorder<S extends string> {
  measuring = false;
  latencies: Record<S, number[]>;
  visits = 0;
  errors: string[] = [];
  constructor(
    private readonly base: string,
    steps: readonly S[],
  ) {
    this.latencies = Object.fromEntries(steps.map((s) => [s, []])) as unknown as Record<
      S,
      number[]
    >;
  }

  /** One request as the browser makes it; its time (to the last byte) counts when measuring. */
  async call(
    step: S,
    method: 'GET' | 'POST',
    url: string,
    {
      json,
      form,
      token,
      headers = {},
      status = 200,
    }: {
      json?: unknown;
      form?: Record<string, string>;
      token?: string;
      headers?: Record<string, string>;
      status?: number;
    } = {},
  ) {
    const started = performance.now();
    const res = await fetch(`${this.base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body:
        json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form) : undefined,
    });
    const text = await res.text();
    if (this.measuring) this.latencies[step].push(performance.now() - started);
    if (res.status !== status) {
      throw new Error(`${method} ${url}: ${res.status} (expected ${status}) ${text.slice(0, 200)}`);
    }
    return { text, headers: res.headers, json: <T>() => JSON.parse(text) as T };
  }
}

/**
 * One booking to Jersey checked out and paid on the sandbox's page with its card that pays, each
 * request timed as `step`; the payment is read back and must be paid.
 */
export async function checkOutAndPay<S extends string>(
  r: Recorder<S>,
  step: S,
  token: string,
  addressId: number,
  booking: { ProductId: number; ItemDescription: string; ItemValue: number; ItemCount: number } & {
    RetailerOrderNumber?: string;
  },
): Promise<CheckoutResult> {
  const created = (
    await r.call(step, 'POST', '/public/orders/create', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      status: 201,
      json: {
        Orders: [
          {
            LocalId: 1,
            RetailerName: 'John Lewis',
            TermsAcceptedAt: new Date().toISOString(),
            Island: 'Jersey',
            selectedExtras: [],
            ...booking,
          },
        ],
        DeliveryAddressId: addressId,
        BillingAddressId: addressId,
        TermsAccepted: true,
      },
    })
  ).json<CheckoutResult>();
  const payPage = new URL(created.Payment.CheckoutUrl!, 'http://localhost').pathname;
  await r.call(step, 'GET', payPage);
  await r.call(step, 'POST', payPage, {
    form: { card: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Bench Customer' },
    status: 303,
  });
  const payment = (
    await r.call(step, 'GET', `/public/payment/${created.Payment.Reference}`, { token })
  ).json<CheckoutResult>();
  if (payment.Payment.Status !== 'paid') {
    throw new Error(`payment ${created.Payment.Reference} is ${payment.Payment.Status}`);
  }
  return created;
}

let customers = 0;

/** One customer's visit, from the home page to a paid booking. */
async function visit(r: Recorder<Step>) {
  // browse: content pages (each with the settings and, on the home page, the price bands)
  await r.call('browse', 'GET', '/');
  await r.call('browse', 'GET', '/public/settings');
  const products = await r.call('browse', 'POST', '/api/products', { json: PRICE_BANDS_REQUEST });
  await r.call('browse', 'GET', '/how-it-works/');
  await r.call('browse', 'GET', '/faqs/');

  // account: register, then log in again as on a later visit
  customers += 1;
  const email = `mixed.${process.pid}.${customers}.${Date.now()}@example.je`;
  const password = 'Gorey-Harbour-77';
  await r.call('account', 'POST', '/public/auth/register', {
    json: {
      FirstName: 'Mixed',
      LastName: 'Customer',
      Email: email,
      Password: password,
      ConfirmPassword: password,
      Country: 'Jersey',
      TermsAndConditions: true,
    },
  });
  const token = (
    await r.call('account', 'POST', '/public/auth/login', { json: { email, password } })
  ).json<string>();
  await r.call('account', 'GET', '/public/auth/me', { token });

  // book: the booking screens (the basket itself is kept in the browser)
  await r.call('book', 'GET', '/order/');
  await r.call('book', 'POST', '/api/orderextras', { json: EXTRAS_REQUEST });
  const band = products
    .json<{ items: { Id: number; Code: string }[] }>()
    .items.find((p) => p.Code === 'C')!;

  // checkout: an address, the orders and payment, the sandbox's page paid with its card
  await r.call('checkout', 'POST', '/public/addresses', { json: {}, token });
  const address = (
    await r.call('checkout', 'POST', '/public/addresses/create', {
      json: jerseyDelivery(),
      token,
      status: 201,
    })
  ).json<{ Id: number }>();
  await checkOutAndPay(r, 'checkout', token, address.Id, {
    ProductId: band.Id,
    RetailerOrderNumber: `JL-${customers}`,
    ItemDescription: 'Kettle and toaster',
    ItemValue: 89.99,
    ItemCount: 2,
  });
  if (r.measuring) r.visits += 1;
}

export const latency = (values: number[]): Latency => ({
  p50: Number(percentile(values, 0.5).toFixed(1)),
  p99: Number(percentile(values, 0.99).toFixed(1)),
});

/** `count` nodes on a new database behind the proxy, loaded by CUSTOMERS customers. */
async function run(databaseUrl: string, count: number): Promise<MixedRow> {
  const scratch = await createScratchDatabase(databaseUrl, 'ferrybox_mixed');
  const nodes: ServerNode[] = [];
  try {
    for (let i = 0; i < count; i++) {
      nodes.push(
        await startNode(
          scratch.url,
          // the built site served as in production; the limits lifted, so the one proxy address
          // of every customer does not trip them
          { NODE_ENV: 'production', SERVE_WEB: 'true', RATE_LIMIT_SCALE: '1000' },
          `mixed${i}`,
        ),
      );
    }
    const proxy = await roundRobinProxy(nodes.map((n) => n.port));
    const recorder = new Recorder(proxy.base, STEPS);
    let stopAt = Date.now() + WARMUP_SECONDS * 1000;
    let measuredFrom = 0;
    let hitsBefore: number[] = [];
    const customer = async () => {
      while (Date.now() < stopAt) {
        await visit(recorder).catch((err: unknown) => {
          if (recorder.measuring) recorder.errors.push(String(err));
        });
      }
    };
    // warm up, then measure: every customer keeps going while the clock runs
    await Promise.all(Array.from({ length: CUSTOMERS }, customer));
    recorder.measuring = true;
    hitsBefore = [...proxy.hits];
    measuredFrom = performance.now();
    stopAt = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: CUSTOMERS }, customer));
    const elapsed = (performance.now() - measuredFrom) / 1000;
    await proxy.close();
    const all = STEPS.flatMap((s) => recorder.latencies[s]);
    if (recorder.errors.length) {
      console.warn(`${recorder.errors.length} errors, the first:`, recorder.errors.slice(0, 3));
    }
    return {
      nodes: count,
      seconds: Number(elapsed.toFixed(1)),
      customers: CUSTOMERS,
      visitsPerSecond: Number((recorder.visits / elapsed).toFixed(2)),
      requestsPerSecond: Number((all.length / elapsed).toFixed(1)),
      requests: all.length,
      errors: recorder.errors.length,
      perNode: proxy.hits.map((h, i) => h - hitsBefore[i]),
      ...latency(all),
      steps: Object.fromEntries(STEPS.map((s) => [s, latency(recorder.latencies[s])])) as Record<
        Step,
        Latency
      >,
    };
  } finally {
    for (const node of nodes) await stopNode(node);
    await scratch.drop();
  }
}

/** The mixed scenario on one node, then two; null (and a message) without PostgreSQL. */
export async function mixedScenario(): Promise<MixedResult | null> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(
      '\nMixed scenario, one node against two: skipped (it needs PostgreSQL: set DATABASE_URL)',
    );
    return null;
  }
  const one = await run(databaseUrl, 1);
  const two = await run(databaseUrl, 2);
  const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : 0);
  return {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, node ${process.version}`,
    one,
    two,
    ratio: {
      requestsPerSecond: ratio(two.requestsPerSecond, one.requestsPerSecond),
      visitsPerSecond: ratio(two.visitsPerSecond, one.visitsPerSecond),
      p50: ratio(two.p50, one.p50),
      p99: ratio(two.p99, one.p99),
    },
  };
}

export function printMixed(result: MixedResult) {
  console.log(
    `\nMixed scenario (${CUSTOMERS} customers, ${SECONDS}s each, behind a round-robin proxy, ${result.machine})`,
  );
  console.table(
    [result.one, result.two].map((r) => ({
      nodes: r.nodes,
      'visits/s': r.visitsPerSecond,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'per node': r.perNode.join(' / '),
      ...Object.fromEntries(
        STEPS.map((s) => [`${s} p50/p99`, `${r.steps[s].p50}/${r.steps[s].p99}`]),
      ),
    })),
  );
  console.log(
    `Two nodes / one: ${result.ratio.requestsPerSecond}x requests/s, ${result.ratio.visitsPerSecond}x visits/s, p50 ${result.ratio.p50}x, p99 ${result.ratio.p99}x`,
  );
}
