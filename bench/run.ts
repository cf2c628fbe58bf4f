// `npm run bench`: throughput and latency of the first calls beside a bare Fastify route that
// returns the same JSON (the baseline, in the same run), the gzipped size of each prerendered
// page's initial JavaScript, and Lighthouse's mobile scores of the home page and /faqs/ served
// by the built server. Prints tables and writes bench/results.json.
// Targets (docs/performance.md): Lighthouse mobile performance and accessibility on the content
// pages and the customer's screens; the JavaScript each page loads; the order history of a
// customer with 3,000 orders in a table of 100,000, p99 under 20 ms; a parcel received with the
// keyboard alone, each step of the screen answering in under 200 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import lighthouse from 'lighthouse';
import { chromium, request as apiRequest } from '@playwright/test';
import { depotCustomer, paidBooking, timeEnter } from '../tests/e2e/support/depot';
import { acceptTerms, chooseBand, fillDetails, fillRetailer } from '../tests/e2e/support/booking';
import { FIRST_ADMIN } from '../tests/e2e/support/staff';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/e2e/support/browser';
import {
  explainOrderHistory,
  HISTORY_CASES,
  HISTORY_ORDERS,
  seedOrderHistory,
} from './order-history';
import { consolidationRows } from './consolidation';
import { stormRows } from './storm';
import { mixedScenario, printMixed } from './mixed';
import { pressRows, printPresses, restJsRows } from './presses';
import { checkoutFixture, registeredCustomer, startApi } from './fixtures';
import { printTwins, twinRows } from './hot-answers';
import { EVENINGS, eveningScenario, printEvening } from './evening';
import { printProfiles, profileRows } from './profile';
import { CONNECTIONS, DURATION, measure, type MeasureOptions, type Row } from './load';
import { percentile as percentileOf } from './stats';
import { loadConfig } from '../src/server/config';
import { ensureWebBuild } from '../src/server/lib/build';
import { start } from '../src/server/start';
import type { Database } from '../src/server/db/client';
import { randomUUID } from 'node:crypto';
import { backupRows } from './backup';

/** Our call beside the bare route that returns the same JSON. */
async function compared(
  name: string,
  [url, bareUrl]: [string, string],
  method: 'GET' | 'POST',
  body?: string,
  options?: MeasureOptions,
): Promise<Row> {
  const baseline = await measure(bareUrl, method, body);
  const ours = await measure(url, method, body, options);
  return { name, ...ours, baselineRps: baseline.rps, ratio: ours.rps / baseline.rps };
}

async function apiRows(): Promise<Row[]> {
  const { running, base, stop } = await startApi();
  const productsBody = JSON.stringify({ options: { sortBy: 'SortOrder', itemsPerPage: 20 } });
  const settingsJson = await (await fetch(`${base}/public/settings`)).text();
  const productsJson = await (
    await fetch(`${base}/api/products`, {
      method: 'POST',
      body: productsBody,
      headers: { 'content-type': 'application/json' },
    })
  ).text();

  const checkout = await checkoutFixture(base, running.database);
  const createJson = await (
    await fetch(`${base}/public/orders/create`, {
      method: 'POST',
      body: checkout.body,
      headers: {
        ...checkout.headers,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
    })
  ).text();

  // The baseline: the same JSON from a bare Fastify route, no validation, no database.
  const bare = Fastify();
  bare.get('/settings', (_req, reply) => reply.type('application/json').send(settingsJson));
  bare.post('/products', (_req, reply) => reply.type('application/json').send(productsJson));
  bare.post('/create', (_req, reply) => reply.type('application/json').send(createJson));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const rows: Row[] = [
    await compared(
      'GET /public/settings',
      [`${base}/public/settings`, `${bareBase}/settings`],
      'GET',
    ),
    await compared(
      'POST /api/products',
      [`${base}/api/products`, `${bareBase}/products`],
      'POST',
      productsBody,
    ),
    // A checkout (two bookings priced, addresses checked, orders, payment and the
    // sandbox's page made in one go; each request a new Idempotency-Key, so each replaces the
    // last).
    await compared(
      'POST /public/orders/create',
      [`${base}/public/orders/create`, `${bareBase}/create`],
      'POST',
      checkout.body,
      { headers: checkout.headers, uniqueKey: true },
    ),
  ];
  await bare.close();
  rows.push(...(await historyRows(base, running.database)));
  await stop();
  return rows;
}

/**
 * POST /public/orders (the order history) and GET /public/orders/summary for a customer
 * with 3,030 of the 100,000 orders in the table (bench/order-history.ts), each beside a bare
 * route answering the same JSON.
 */
async function historyRows(
  base: string,
  database: Database,
  /** Given, the plans of the calls' queries are printed first (PostgreSQL only). */
  explainUrl?: string,
): Promise<Row[]> {
  const customer = await registeredCustomer(base, database);
  const started = Date.now();
  const own = await seedOrderHistory(database, customer.id);
  console.log(
    `Seeded ${HISTORY_ORDERS} orders (${own} the customer's) in ${Date.now() - started} ms`,
  );
  if (explainUrl) console.log((await explainOrderHistory(explainUrl, customer.id)).join('\n'));
  const calls = [
    // The floor: the cheapest call behind a login (the session is looked up, nothing else).
    ['GET /public/auth/me (for comparison)', 'GET', '/public/auth/me', undefined] as const,
    ...HISTORY_CASES.filter((c) => !c.planOnly).map(
      (c) => [`POST /public/orders (${c.name})`, 'POST', '/public/orders', c.body] as const,
    ),
    ['GET /public/orders/summary', 'GET', '/public/orders/summary', undefined] as const,
  ];
  const answers = [];
  for (const [name, method, url, payload] of calls) {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const answer = await fetch(`${base}${url}`, {
      method,
      body,
      headers: { ...customer.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    });
    if (!answer.ok) throw new Error(`${name}: ${answer.status} ${await answer.text()}`);
    answers.push({ name, method, url, body, json: await answer.text() });
  }
  const bare = Fastify();
  answers.forEach(({ method, json }, i) =>
    bare.route({
      method,
      url: `/${i}`,
      handler: (_r, reply) => reply.type('application/json').send(json),
    }),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  const rows: Row[] = [];
  for (const [i, { name, method, url, body }] of answers.entries()) {
    rows.push(
      await compared(name, [`${base}${url}`, `${bareBase}/${i}`], method, body, {
        headers: customer.headers,
      }),
    );
  }
  await bare.close();
  return rows;
}

/** A customer registered through the API: their users row's id and the bearer header. */
const WEB_ROOT = 'build/client';
const gzipSize = (asset: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(WEB_ROOT, asset)), { level: 9 }).length;

/**
 * Gzipped bytes of the JavaScript a prerendered page loads at once (`gzipBytes`), and of what a
 * content page's `data-hydrate="later"` script loads once the browser is idle after the page
 * has painted, or when the visitor reaches for it (`laterGzipBytes`; src/server/lib/build.ts).
 */
function initialJs(): { page: string; gzipBytes: number; laterGzipBytes: number }[] {
  const root = WEB_ROOT;
  const pages: { page: string; gzipBytes: number; laterGzipBytes: number }[] = [];
  const assetsIn = (html: string) =>
    new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]));
  const gzipOf = (scripts: Set<string>) => [...scripts].reduce((n, s) => n + gzipSize(s), 0);
  // The page's route: the last id the later script binds (`{"root":route0,"home":route1}`).
  const laterRoute = (script: string) => [...script.matchAll(/"([\w-]+)":route\d+/g)].at(-1)![1];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name === 'index.html' || name === '__spa-fallback.html') {
        const html = fs.readFileSync(full, 'utf8');
        const later = /<script data-hydrate="later">[\s\S]*?<\/script>/.exec(html)?.[0] ?? '';
        const rel = '/' + path.relative(root, full).replace(/index\.html$/, '');
        pages.push({
          page: rel,
          gzipBytes: gzipOf(assetsIn(html.replace(later, ''))),
          laterGzipBytes: later ? routeJsBytes(laterRoute(later)) : 0,
        });
      }
    }
  };
  walk(root);
  return pages.sort((a, b) => a.page.localeCompare(b.page));
}

/** The booking steps after the first, the basket and checkout, opened directly. */
const BOOKING_JS_TARGET_KB = 150;

/**
 * The booking screens: their address, their route in the route manifest, and the target in KB
 * gzipped where there is one (the first step has none of its own).
 */
const ORDER_STEPS = [
  ['/order/', 'routes/order', null],
  ['/order/retailer/1', 'routes/order-retailer', BOOKING_JS_TARGET_KB],
  ['/order/terms/1', 'routes/order-terms', BOOKING_JS_TARGET_KB],
  ['/order/details/1', 'routes/order-details', BOOKING_JS_TARGET_KB],
  ['/order/additions/1', 'routes/order-additions', BOOKING_JS_TARGET_KB],
  ['/order-confirm/', 'routes/order-confirm', BOOKING_JS_TARGET_KB],
  ['/calculator/', 'routes/calculator', null],
  ['/quote/', 'routes/quote', BOOKING_JS_TARGET_KB],
  ['/basket/', 'routes/basket', BOOKING_JS_TARGET_KB],
  ['/checkout/', 'routes/checkout', BOOKING_JS_TARGET_KB],
] as const;

interface ManifestEntry {
  module: string;
  imports?: string[];
  parentId?: string;
}

/**
 * Gzipped bytes of the JavaScript a route needs when opened directly: the entry, the route
 * manifest, and the modules (with their imports) of the route and its parents, as React Router's
 * build lists them.
 */
function routeJsBytes(id: string): number {
  const assets = path.join(WEB_ROOT, 'assets');
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error('No route manifest in build/client/assets');
  const text = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{')).replace(/;?\s*$/, '')) as {
    entry: ManifestEntry;
    routes: Record<string, ManifestEntry>;
  };
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let route: ManifestEntry | undefined = manifest.routes[id]; route;) {
    files.add(route.module);
    route.imports?.forEach((f) => files.add(f));
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  if (files.size === 1) throw new Error(`No route ${id} in the route manifest`);
  let bytes = gzipSize(`assets/${manifestFile}`);
  for (const f of files) bytes += gzipSize(f);
  return bytes;
}

/** The booking screens' JavaScript when opened directly. */
const orderStepJs = () =>
  ORDER_STEPS.map(([page, id, targetKb]) => ({ page, gzipBytes: routeJsBytes(id), targetKb }));

/**
 * Lighthouse targets: content pages (performance 100, largest paint at most 1.2 s) and
 * the first booking screen, beside the limit: a copy of /faqs/ as served with its
 * scripts removed, sent as a plain file by a bare static server on the same machine.
 */
const STATIC_COPY = '/static-copy/faqs/';
/**
 * The booking screens, the basket, the checkout and My Account's
 * screens, at least 98.
 */
const APP_LIGHTHOUSE_TARGET = 98;
const LIGHTHOUSE_PAGES: {
  page: string;
  performance?: number;
  lcpMs?: number;
  /** Opened with a booking in the basket and a customer logged in (seedCustomer), as in use. */
  booked?: boolean;
}[] = [
  { page: '/', performance: 100, lcpMs: 1200 },
  { page: '/faqs/', performance: 100, lcpMs: 1200 },
  { page: STATIC_COPY },
  { page: '/order/', performance: APP_LIGHTHOUSE_TARGET },
  ...[
    '/order/retailer/1',
    '/order/terms/1',
    '/order/details/1',
    '/order/additions/1',
    '/basket/',
    '/checkout/',
    '/dashboard/',
    '/dashboard/orders/',
    '/dashboard/profile/',
    '/dashboard/addresses/',
  ].map((page) => ({ page, performance: APP_LIGHTHOUSE_TARGET, booked: true })),
];

/**
 * What the booked rows open with, made in Lighthouse's own browser profile through the real
 * screens and calls: a band A booking taken through every step into the basket (booking 1), and a
 * customer with a saved address and a paid booking, logged in (the session keys of
 * docs/requirements.md §3), so the steps, the basket, the checkout and My Account show what a
 * customer sees, not a redirect, the login dialog or empty lists.
 */
async function seedCustomer(base: string, cdpPort: number) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/order/`);
    await chooseBand(page, 'A');
    await fillRetailer(page);
    await acceptTerms(page);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.getByRole('heading', { name: 'Added to your basket' }).waitFor();
    const api = await apiRequest.newContext({ baseURL: base });
    const customer = await depotCustomer(api, 'Ann');
    await paidBooking(api, customer, { band: 'A' });
    const token = customer.token;
    const me = (await (
      await api.get('/public/auth/me', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      Ability: unknown;
    };
    await api.dispose();
    await page.evaluate(
      ([t, user]) => {
        localStorage.setItem('accessToken', t);
        localStorage.setItem('userData', JSON.stringify(user));
        localStorage.setItem('userAbility', JSON.stringify((user as { Ability: unknown }).Ability));
      },
      [token, me] as const,
    );
    await page.close();
  } finally {
    // Leaves Lighthouse's browser running: only this connection closes.
    await browser.close();
  }
}

/** The static copy of /faqs/ (STATIC_COPY) and the built assets, from a bare static server. */
async function staticCopyServer(base: string) {
  const html = (await (await fetch(`${base}/faqs/`)).text())
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const bare = Fastify();
  await bare.register(fastifyCompress);
  await bare.register(fastifyStatic, {
    root: path.resolve(WEB_ROOT),
    preCompressed: true,
    index: false,
    maxAge: '1y',
  });
  bare.get(STATIC_COPY, (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`,
    close: () => bare.close(),
  };
}
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed: its simulated figures scale with it. */
  benchmarkIndex: number;
  runs: number[];
}

/**
 * One Lighthouse run. A run that fails in Lighthouse itself (a trace it could not record, such
 * as NO_NAVSTART, reported with every score null) is made again, up to three times, rather than
 * counted as a score of 0.
 */
/** LIGHTHOUSE_REPORTS=dir keeps each run's full report there, to see where a score went. */
const LIGHTHOUSE_REPORTS = process.env.LIGHTHOUSE_REPORTS;

async function lighthouseRun(url: string, port: number, keepStorage = false) {
  let error = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      disableStorageReset: keepStorage,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) {
      if (LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
        const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
        fs.writeFileSync(path.join(LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
      }
      return result.lhr;
    }
    error = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    console.warn(`Lighthouse failed on ${url} (${error}); running it again`);
  }
  throw new Error(`Lighthouse failed three times on ${url}: ${error}`);
}

/**
 * The real server in production mode serving the built site, on a fresh database and a free
 * port; `stop` stops it and removes its data.
 */
async function builtSite(name: string, env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ferrybox-bench-${name}-`));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WORKERS: '0',
    ...env,
  });
  const running = await start(config);
  return {
    base: `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`,
    stop: async () => {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse 12 with its default mobile settings (simulated slow 4G, 4x CPU slowdown) against
 * the built site served by the real server on a fresh database. Each page runs
 * LIGHTHOUSE_RUNS times (default 3); the run with the median performance score is reported.
 */
async function lighthouseRows(): Promise<LighthouseRow[]> {
  const { base, stop } = await builtSite('web');
  const copy = await staticCopyServer(base);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable('browser'),
    // the browser tests' flags; headless too, which Playwright adds itself and chrome-launcher not
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const rows: LighthouseRow[] = [];
  try {
    let seeded = false;
    // The booked rows last: the others start from empty storage (Lighthouse clears it).
    const picked = process.env.LIGHTHOUSE_ONLY?.split(',');
    const pages = LIGHTHOUSE_PAGES.filter((p) => !picked || picked.includes(p.page)).sort(
      (a, b) => Number(!!a.booked) - Number(!!b.booked),
    );
    for (const { page, booked } of pages) {
      if (booked && !seeded) {
        await seedCustomer(base, chrome.port);
        seeded = true;
      }
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const origin = page === STATIC_COPY ? copy.base : base;
        const lhr = await lighthouseRun(`${origin}${page}`, chrome.port, !!booked);
        const { categories, audits } = lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        runs.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(audits['first-contentful-paint'].numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint'].numericValue ?? 0),
          tbtMs: Math.round(audits['total-blocking-time'].numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      rows.push({ ...median, runs: runs.map((r) => r.performance) });
    }
  } finally {
    chrome.kill();
    await copy.close();
    await stop();
  }
  return rows;
}

/** Parcels received by the keyboard script; the first warms the page up and is not counted. */
const DEPOT_PARCELS = Number(process.env.BENCH_PARCELS ?? 21);
/** The receiving screen answers each step in under 200 ms. */
const DEPOT_STEP_TARGET_MS = 200;

interface DepotRow {
  step: string;
  p50: number;
  p95: number;
  target: string;
}

const percentile = (values: number[], p: number) => Math.round(percentileOf(values, p));

/**
 * A parcel received at /admin/receive/ with the keyboard alone, by a Playwright script
 * against the built site on the real server (a fresh database, customers with paid bookings made
 * through the API): type the customer reference and Enter (the bookings appear), Enter (the
 * likeliest is chosen, the weight field focused), weight, length, width, height and shelf with a
 * Tab between, Enter (the outcome shows and the field is empty and focused again). Each step's
 * response is timed in the page, from the Enter key's event to the frame that shows its result;
 * the script's own time per parcel (typing at full speed) is the floor of a person's.
 */
async function depotRows(): Promise<DepotRow[]> {
  const { base, stop } = await builtSite('depot', {
    RATE_LIMIT_SCALE: '1000',
    ADMIN_EMAIL: FIRST_ADMIN.email,
    ADMIN_PASSWORD: FIRST_ADMIN.password,
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutable('browser'),
    args: CHROMIUM_FLAGS,
  });
  const steps: Record<'find' | 'choose' | 'receive' | 'script', number[]> = {
    find: [],
    choose: [],
    receive: [],
    script: [],
  };
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 900 },
      // timeEnter's checks are expressions the page evaluates, which its CSP would refuse
      bypassCSP: true,
    });
    const parcels = [];
    for (let i = 0; i < DEPOT_PARCELS; i++) {
      const customer = await depotCustomer(context.request, 'Bench');
      parcels.push({ customer, order: await paidBooking(context.request, customer) });
    }
    const page = await context.newPage();
    await page.goto('/admin/login/');
    await page.getByRole('textbox', { name: 'Email' }).fill(FIRST_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.goto('/admin/receive/');
    await page.getByRole('search', { name: 'Find the booking' }).waitFor();

    for (const [i, { customer, order }] of parcels.entries()) {
      const started = performance.now();
      await page.keyboard.type(customer.reference);
      const find = await timeEnter(
        page,
        `document.activeElement?.getAttribute('role') === 'listbox' && document.querySelectorAll('[role=option]').length > 0`,
      );
      const choose = await timeEnter(page, `document.activeElement?.name === 'WeightKg'`);
      for (const [j, value] of ['4.2', '45', '35', '25', `B-${i}`].entries()) {
        if (j > 0) await page.keyboard.press('Tab');
        await page.keyboard.type(value);
      }
      const receive = await timeEnter(
        page,
        `document.querySelector('[data-testid=receive-outcome]')?.textContent.includes('Received ${order.Reference}') && document.activeElement?.closest('[role=search]') !== null && document.activeElement.value === ''`,
      );
      if (i === 0) continue; // the first parcel warms the page and the server up
      steps.find.push(find);
      steps.choose.push(choose);
      steps.receive.push(receive);
      steps.script.push(performance.now() - started);
    }
  } finally {
    await browser.close();
    await stop();
  }
  const row = (step: string, values: number[], target: string): DepotRow => ({
    step,
    p50: percentile(values, 0.5),
    p95: percentile(values, 0.95),
    target,
  });
  const under = `< ${DEPOT_STEP_TARGET_MS} ms`;
  return [
    row('find: reference + Enter → bookings listed', steps.find, under),
    row('choose: Enter → weight field', steps.choose, under),
    row('receive: Enter → outcome, field ready', steps.receive, under),
    row('keyboard script, whole parcel', steps.script, '< 10 s of a person'),
  ];
}

function printDepot(rows: DepotRow[]) {
  console.log(
    `\nReceiving a parcel with the keyboard alone (${DEPOT_PARCELS - 1} parcels, ms, in the page)`,
  );
  console.table(
    rows.map((r) => ({ step: r.step, 'p50 ms': r.p50, 'p95 ms': r.p95, target: r.target })),
  );
}

// `-- --fuzz` and `-- --kill` run the fuzz and kill gates at bench size instead (bench/gates.ts).
if (process.argv.includes('--fuzz') || process.argv.includes('--kill')) {
  await import('./gates');
  process.exit(0);
}

// BENCH_ONLY=web skips the API rows, BENCH_ONLY=api the site, BENCH_ONLY=depot runs only the
// receiving screen's keyboard script (to iterate on one's numbers), BENCH_ONLY=history only the
// order history rows and, on PostgreSQL (DATABASE_URL), prints the plans of its queries; a
// partial run prints its tables; BENCH_ONLY=api writes its rows into bench/results.json's api. BENCH_ONLY=mixed runs
// only the mixed scenario, one node against two (PostgreSQL only, bench/mixed.ts), and writes its
// figures into bench/results.json's `mixed`, leaving the rest as it was. BENCH_ONLY=lighthouse
// prints the Lighthouse rows alone (LIGHTHOUSE_ONLY=/basket/,/checkout/ picks some).
// BENCH_ONLY=presses measures only press to painted answer and the JavaScript of a page at rest
// (bench/presses.ts) and writes them into bench/results.json's `presses` and `restJs`.
const only = process.env.BENCH_ONLY;
const RESULTS_FILE = 'bench/results.json';
const previous = fs.existsSync(RESULTS_FILE)
  ? (JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>)
  : {};
if (only === 'api') {
  const api = await apiRows();
  console.table(api);
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, api }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (api)`);
  process.exit(0);
}
// BENCH_ONLY=backup: npm run backup and restore of 100,000 orders with a photo each (PostgreSQL).
if (only === 'backup') {
  if (!process.env.DATABASE_URL) throw new Error('BENCH_ONLY=backup needs DATABASE_URL');
  const { running, stop } = await startApi();
  const [{ id }] = (
    await running.database.executeSql(
      "insert into users (reference, email) values ('BNBAK1', 'bench.backup@example.je') returning id",
    )
  ).rows as { id: number }[];
  const backup = await backupRows(running.database, id, process.env.DATABASE_URL);
  console.table([backup]);
  await stop();
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, backup }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (backup)`);
  process.exit(0);
}
// BENCH_ONLY=consolidation: the depot's consolidation list with 10,000 requests.
if (only === 'consolidation') {
  const { running, stop } = await startApi();
  const consolidation = await consolidationRows(running.database);
  console.table(consolidation);
  await stop();
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, consolidation }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (consolidation)`);
  process.exit(0);
}
// BENCH_ONLY=storm: 10,000 parcels re-promised after a cancellation, and restored.
if (only === 'storm') {
  const { running, stop } = await startApi();
  const storm = await stormRows(running);
  console.table(storm);
  await stop();
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, storm }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (storm)`);
  process.exit(0);
}
if (only === 'history') {
  const { running, base, databaseUrl, stop } = await startApi();
  console.table(await historyRows(base, running.database, databaseUrl));
  await stop();
  process.exit(0);
}
await ensureWebBuild();
if (only === 'depot') {
  printDepot(await depotRows());
  process.exit(0);
}
if (only === 'lighthouse') {
  // The pages measured replace their rows; the others keep theirs.
  const rows = await lighthouseRows();
  console.table(rows);
  const kept = ((previous.lighthouse ?? []) as LighthouseRow[]).filter(
    (row) => !rows.some((r) => r.page === row.page),
  );
  const order = LIGHTHOUSE_PAGES.map((p) => p.page);
  const lighthouse = [...kept, ...rows].sort(
    (a, b) => order.indexOf(a.page) - order.indexOf(b.page),
  );
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, lighthouse }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (lighthouse: ${rows.map((r) => r.page).join(', ')})`);
  process.exit(0);
}
/** The press and at-rest rows, on the built site served by the real server on a fresh database. */
async function shellRows() {
  const { base, stop } = await builtSite('presses', { RATE_LIMIT_SCALE: '1000' });
  try {
    return { presses: await pressRows(base), restJs: await restJsRows(base) };
  } finally {
    await stop();
  }
}
if (only === 'presses') {
  const { presses, restJs } = await shellRows();
  printPresses(presses, restJs);
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, presses, restJs }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (presses, restJs)`);
  process.exit(0);
}
// BENCH_ONLY=rest: only the JavaScript of each page at rest (bytes, which the machine's load does
// not change), written into bench/results.json's `restJs`.
if (only === 'rest') {
  const { base, stop } = await builtSite('presses', { RATE_LIMIT_SCALE: '1000' });
  try {
    const restJs = await restJsRows(base);
    printPresses([], restJs);
    fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, restJs }, null, 2) + '\n');
    console.log(`Written to ${RESULTS_FILE} (restJs)`);
  } finally {
    await stop();
  }
  process.exit(0);
}
/** With BENCH_ANSWERS, the rows measured replace theirs among the kept ones, the others stay. */
function replacingRows<R extends { call: string }>(kept: unknown, measured: R[]) {
  const rows = ((kept ?? []) as R[]).map((row) => measured.find((m) => m.call === row.call) ?? row);
  return [...rows, ...measured.filter((m) => !rows.includes(m))];
}
// BENCH_ONLY=twins: each hot answer beside its bare twin, on PostgreSQL (DATABASE_URL).
if (only === 'twins') {
  if (!process.env.DATABASE_URL)
    throw new Error('BENCH_ONLY=twins needs DATABASE_URL (PostgreSQL)');
  const measured = await twinRows();
  printTwins(measured);
  const twins = replacingRows(previous.twins, measured);
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, twins }, null, 2) + '\n');
  console.log(`Written to ${RESULTS_FILE} (twins)`);
  process.exit(0);
}
// BENCH_ONLY=profile: a CPU profile of each hot answer under load (bench/profile.ts).
if (only === 'profile') {
  const measured = await profileRows();
  printProfiles(measured);
  const profiles = replacingRows(previous.profiles, measured);
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, profiles }, null, 2) + '\n');
  console.log(`Profiles in bench/profiles, top functions in ${RESULTS_FILE} (profiles)`);
  process.exit(0);
}
// BENCH_ONLY=evening: the December evening at several levels, on PostgreSQL (DATABASE_URL).
// `evening` is the customers' (a pause between visits), `eveningCapacity` the node's (none).
if (only === 'evening') {
  const evening = await eveningScenario(EVENINGS.customers);
  const eveningCapacity = await eveningScenario(EVENINGS.capacity);
  if (evening && eveningCapacity) {
    printEvening(evening);
    printEvening(eveningCapacity);
    fs.writeFileSync(
      RESULTS_FILE,
      JSON.stringify({ ...previous, evening, eveningCapacity }, null, 2) + '\n',
    );
    console.log(`Written to ${RESULTS_FILE} (evening, eveningCapacity)`);
  }
  process.exit(0);
}
if (only === 'mixed') {
  const mixed = await mixedScenario();
  if (mixed) {
    printMixed(mixed);
    fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, mixed }, null, 2) + '\n');
    console.log(`Written to ${RESULTS_FILE} (mixed)`);
  }
  process.exit(0);
}
const api = only === 'web' ? [] : await apiRows();
const js = initialJs();
const orderJs = orderStepJs();
const lighthouseResults = await lighthouseRows();
const depotReceive = await depotRows();
const mixed = await mixedScenario();
const shell = await shellRows();
const homeJs = js.find((p) => p.page === '/');
// The figures only their own runs measure (BENCH_ONLY=backup, consolidation) are kept as they were.
const results = {
  ...previous,
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, node ${process.version}`,
  durationSeconds: DURATION,
  connections: CONNECTIONS,
  // A web-only run keeps the API rows, and a run without PostgreSQL the mixed figures, measured before.
  api: only === 'web' ? (previous.api ?? []) : api,
  initialJs: js,
  homeInitialJsGzipBytes: homeJs?.gzipBytes ?? null,
  orderStepJs: orderJs,
  lighthouse: lighthouseResults,
  depotReceive,
  mixed: mixed ?? previous.mixed ?? null,
  presses: shell.presses,
  restJs: shell.restJs,
};
fs.writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');

console.log(`\nAPI (${DURATION}s each, ${CONNECTIONS} connections, loopback)`);
console.table(
  api.map((r) => ({
    call: r.name,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'baseline req/s': Math.round(r.baselineRps ?? 0),
    'ratio to baseline': (r.ratio ?? 0).toFixed(2),
  })),
);
console.log('JavaScript per prerendered page (gzipped): at once, and once idle or reached for');
console.table(
  js.map((p) => ({
    page: p.page,
    'initial KB gz': (p.gzipBytes / 1024).toFixed(1),
    'later KB gz': (p.laterGzipBytes / 1024).toFixed(1),
  })),
);
console.log(
  `Home page initial JavaScript: ${((homeJs?.gzipBytes ?? 0) / 1024).toFixed(1)} KB gzipped (target at most 60 KB)`,
);
console.log('JavaScript of each booking screen opened directly (gzipped)');
console.table(
  orderJs.map((p) => ({
    page: p.page,
    'KB gz': (p.gzipBytes / 1024).toFixed(1),
    'target KB': p.targetKb ?? '',
    met: p.targetKb === null ? '' : p.gzipBytes / 1024 <= p.targetKb ? 'yes' : 'no',
  })),
);
console.log(
  `\nLighthouse, mobile (median of ${LIGHTHOUSE_RUNS} runs; accessibility target 100 on content pages)`,
);
console.table(
  lighthouseResults.map((r) => ({
    page: r.page,
    'perf target': LIGHTHOUSE_PAGES.find((p) => p.page === r.page)?.performance ?? '(limit)',
    'LCP target': LIGHTHOUSE_PAGES.find((p) => p.page === r.page)?.lcpMs ?? '',
    performance: r.performance,
    accessibility: r.accessibility,
    'best practices': r.bestPractices,
    seo: r.seo,
    'FCP ms': r.fcpMs,
    'LCP ms': r.lcpMs,
    'TBT ms': r.tbtMs,
    CLS: r.cls,
    'all runs': r.runs.join(' '),
  })),
);
printDepot(depotReceive);
if (mixed) printMixed(mixed);
printPresses(shell.presses, shell.restJs);
console.log('Written to bench/results.json');
