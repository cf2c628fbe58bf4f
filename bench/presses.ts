import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { PRICE_BANDS_REQUEST } from '../src/shared/catalogue-requests';
import { newLocalOrder } from '../src/shared/local-order';

// Every press answered at once, and little JavaScript on a page at rest (docs/decisions/0029, and
// on React the limits of docs/decisions/0044). Measured in
// Chromium on the built site (the real server, a fresh database), each try in a new browser
// context (a cold cache), at the desktop layout, with the CPU slowed 4x as Lighthouse's mobile run
// does (DevTools' Emulation.setCPUThrottlingRate).

export const PRESS_TRIES = Number(process.env.PRESS_TRIES ?? 5);
/** PRESS_ONLY=text: only the presses whose name holds it (one press measured again). */
const PRESS_ONLY = process.env.PRESS_ONLY;
const CPU_SLOWDOWN = 4;
/** A press whose answer has not painted by then is lost. */
const LOST_AFTER_MS = 5000;
const REST_MS = 3000;
const TARGET_MS = 100;

interface Press {
  name: string;
  path: string;
  /** Logged in first (a customer registered through the API). */
  loggedIn?: boolean;
  /** What to do before the measured press (open the Login dialog for its link). */
  before?: (page: Page) => Promise<void>;
  /** The button pressed. */
  button: (page: Page) => ReturnType<Page['locator']>;
  /** A CSS selector of what answers the press; painted when it is visible in a frame. */
  answer: string;
}

const loginButton = (page: Page) =>
  page.getByTestId('site-header').getByRole('button', { name: 'Login', exact: true });

const PRESSES: Press[] = [
  ...['/', '/faqs/', '/order/'].map((path): Press => ({
    name: `Log in → first field, ${path}`,
    path,
    button: loginButton,
    answer: '#login-dialog input[name=email]',
  })),
  {
    name: 'Forgotten Password? → its dialog, /',
    path: '/',
    before: async (page) => {
      await loginButton(page).click();
      await page.locator('#login-dialog input[name=email]').waitFor();
    },
    button: (page) => page.getByRole('button', { name: 'Forgotten Password?' }),
    answer: '#forgotten-password-dialog input[name=email]',
  },
  {
    name: 'account menu → Log Out, /dashboard/',
    path: '/dashboard/',
    loggedIn: true,
    button: (page) => page.getByTestId('site-header').getByRole('button', { name: /My Account/ }),
    answer: '#account-menu .account-menu__log-out',
  },
  {
    name: 'Add a new address → the form, /dashboard/addresses/',
    path: '/dashboard/addresses/',
    loggedIn: true,
    button: (page) => page.getByRole('button', { name: /^Add a (new|delivery) address$/ }).first(),
    answer: 'dialog[open] input, [role=dialog] input',
  },
];

/**
 * Pages whose JavaScript is counted, with their limits in KB on React (docs/decisions/0044): the
 * framework (react-dom and React Router, about 94 KB) is fixed, the rest is ours.
 */
const REST_PAGES: { path: string; loggedIn?: boolean; booked?: boolean; targetKb: number }[] = [
  { path: '/', targetKb: 0 },
  { path: '/faqs/', targetKb: 0 },
  { path: '/order/', targetKb: 125 },
  // The later steps, opened on a booking the browser keeps whose every step is filled in.
  ...['retailer', 'terms', 'details', 'additions'].map((step) => ({
    path: `/order/${step}/1`,
    booked: true,
    targetKb: 125,
  })),
  // The basket and the checkout as they are used: the booking in the basket, the customer logged in.
  { path: '/basket/', booked: true, loggedIn: true, targetKb: 135 },
  { path: '/checkout/', booked: true, loggedIn: true, targetKb: 150 },
  ...['/dashboard/', '/dashboard/profile/', '/dashboard/orders/', '/dashboard/addresses/'].map(
    (path) => ({ path, loggedIn: true, targetKb: 140 }),
  ),
];

export interface PressRow {
  press: string;
  when: 'after load' | 'after 2 s at rest';
  medianMs: number | null;
  triesMs: (number | null)[];
  lost: number;
  targetMs: number;
}

export interface RestJsRow {
  page: string;
  kb: number;
  targetKb: number;
  /** With REST_FILES=1: each file fetched (its name in the build, what it is, KB). */
  files?: { file: string; what: string; kb: number }[];
}

/** REST_FILES=1: each page's files, file by file, under the table. */
const REST_FILES = process.env.REST_FILES === '1';

interface RouteManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

/**
 * What each file of the build is, from the route manifest the page holds: the manifest itself, the
 * entry, a route's module, or a chunk the routes' modules import (named by the routes).
 */
function fileRoles(manifest: RouteManifest | undefined) {
  const roles: Record<string, string> = {};
  if (!manifest) return roles;
  const add = (url: string, role: string) => {
    roles[url] = roles[url] ? `${roles[url]}, ${role}` : role;
  };
  add(manifest.url, 'route manifest');
  add(manifest.entry.module, 'entry');
  for (const url of manifest.entry.imports) add(url, 'import of the entry');
  for (const [id, route] of Object.entries(manifest.routes)) {
    add(route.module, `route ${id}`);
    for (const url of route.imports ?? []) add(url, `import of ${id}`);
  }
  return roles;
}

/** A customer's stored session (docs/requirements.md §3 keys), from the API. */
async function session(base: string) {
  const email = `presses.${Date.now()}@example.je`;
  const password = 'Gorey-Harbour-77';
  const registered = await fetch(`${base}/public/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      FirstName: 'Bench',
      LastName: 'Presses',
      Email: email,
      Password: password,
      ConfirmPassword: password,
      Country: 'Jersey',
      TermsAndConditions: true,
    }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);
  const token = (await registered.json()) as string;
  const me = await fetch(`${base}/public/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const user = (await me.json()) as { Ability: unknown };
  return {
    accessToken: token,
    userData: JSON.stringify(user),
    userAbility: JSON.stringify(user.Ability),
  };
}

const PRESS_PROBE = `
addEventListener('pointerdown', (event) => {
  if (!window.__answer || window.__press !== undefined) return;
  window.__press = event.timeStamp;
  const selector = window.__answer;
  const frame = () => {
    const shown = [...document.querySelectorAll(selector)].some((e) => e.checkVisibility());
    if (shown) window.__answered = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}, true);
`;

async function freshPage(
  browser: Browser,
  base: string,
  stored: Record<string, string> | null,
  slowdown: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
  });
  if (stored)
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, stored);
  // The time of the press (its pointerdown), and of the first frame that shows the answer. Given
  // as text: a function would be passed through tsx, whose `__name` wrappers of named inner
  // functions do not exist in the page (the probe threw at the first press, and every press was
  // counted as lost).
  await context.addInitScript({ content: PRESS_PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  return { context, page };
}

async function pressOnce(
  browser: Browser,
  base: string,
  press: Press,
  stored: Record<string, string> | null,
  rest: boolean,
): Promise<number | null> {
  const { context, page } = await freshPage(
    browser,
    base,
    press.loggedIn ? stored : null,
    CPU_SLOWDOWN,
  );
  try {
    await page.goto(press.path, { waitUntil: 'load' });
    if (rest) await page.waitForTimeout(2000);
    await press.before?.(page);
    const button = press.button(page);
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    await page.evaluate((answer) => {
      (window as unknown as { __answer: string }).__answer = answer;
    }, press.answer);
    await button.click({ timeout: 30_000 });
    const answered = await page
      .waitForFunction(
        () => {
          const w = window as unknown as { __press?: number; __answered?: number };
          return w.__answered !== undefined && w.__press !== undefined
            ? w.__answered - w.__press
            : false;
        },
        undefined,
        { timeout: LOST_AFTER_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    return answered === null ? null : Math.round(answered);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** Press to painted answer, PRESS_TRIES times each, after the load event and after 2 s at rest. */
export async function pressRows(base: string): Promise<PressRow[]> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable('browser'),
    args: CHROMIUM_FLAGS,
  });
  const stored = await session(base);
  const rows: PressRow[] = [];
  try {
    for (const press of PRESSES.filter((p) => !PRESS_ONLY || p.name.includes(PRESS_ONLY))) {
      for (const rest of [false, true]) {
        const tries: (number | null)[] = [];
        for (let i = 0; i < PRESS_TRIES; i++)
          tries.push(await pressOnce(browser, base, press, stored, rest));
        const answered = tries.filter((t): t is number => t !== null);
        rows.push({
          press: press.name,
          when: rest ? 'after 2 s at rest' : 'after load',
          medianMs: median(answered),
          triesMs: tries,
          lost: tries.length - answered.length,
          targetMs: TARGET_MS,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * A booking kept in the browser (ORDER-1, in ORDER-INDEX and the BASKET) with every step filled in, on the
 * catalogue's first band, so each step opens rather than sending the visitor back.
 */
async function bookedInBrowser(base: string): Promise<Record<string, string>> {
  const answer = await fetch(`${base}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PRICE_BANDS_REQUEST),
  });
  const { items } = (await answer.json()) as { items: { Id: number }[] };
  const order = {
    ...newLocalOrder(1, new Date().toISOString()),
    ProductId: items[0].Id,
    RetailerName: 'Next',
    RetailerWebsite: 'www.next.co.uk',
    RetailerOrderNumber: 'N123',
    TermsAcceptedAt: new Date().toISOString(),
    ItemDescription: 'Leather boots',
    ItemValue: 89.99,
    ItemCount: 1,
    Island: 'Jersey',
  };
  return { 'ORDER-1': JSON.stringify(order), 'ORDER-INDEX': '[1]', BASKET: '[1]' };
}

/** JavaScript transferred (compressed bytes) once the page has been at rest 3 s, cold cache. */
export async function restJsRows(base: string): Promise<RestJsRow[]> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable('browser'),
    args: CHROMIUM_FLAGS,
  });
  const stored = await session(base);
  const booked = await bookedInBrowser(base);
  const rows: RestJsRow[] = [];
  try {
    for (const { path, loggedIn, booked: withBooking, targetKb } of REST_PAGES) {
      const state = { ...(loggedIn ? stored : {}), ...(withBooking ? booked : {}) };
      const { context, page } = await freshPage(browser, base, state, 1);
      const sizes: Promise<{ url: string; bytes: number }>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script')
          sizes.push(
            request.sizes().then((s) => ({
              url: new URL(request.url()).pathname,
              bytes: s.responseBodySize,
            })),
          );
      });
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(REST_MS);
      const shown = new URL(page.url()).pathname;
      if (shown !== path) throw new Error(`${path} showed ${shown} instead`);
      const fetched = await Promise.all(sizes);
      const bytes = fetched.reduce((a, b) => a + b.bytes, 0);
      // No function of ours in the page (tsx's `__name` wrappers do not exist there).
      const roles = fileRoles(
        await page.evaluate(
          () =>
            (window as unknown as { __reactRouterManifest?: RouteManifest }).__reactRouterManifest,
        ),
      );
      const files = fetched.map(({ url, bytes }) => ({
        file: url.split('/').pop() ?? url,
        // A route's chunk is named by the routes that import it (the first three).
        what: (roles[url] ?? 'fetched by the code').split(', ').slice(0, 3).join(', '),
        kb: kb(bytes),
      }));
      rows.push({ page: path, kb: kb(bytes), targetKb, ...(REST_FILES ? { files } : {}) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function printPresses(presses: PressRow[], restJs: RestJsRow[]) {
  if (presses.length > 0) {
    console.log(
      `\nPress to painted answer (CPU ${CPU_SLOWDOWN}x slower, cold cache, 1280 px, ${PRESS_TRIES} tries; target median ≤ ${TARGET_MS} ms, 0 lost)`,
    );
    console.table(
      presses.map((r) => ({
        press: r.press,
        when: r.when,
        'median ms': r.medianMs ?? 'lost',
        tries: r.triesMs.map((t) => t ?? 'lost').join(' '),
        lost: r.lost,
        met: r.medianMs !== null && r.medianMs <= r.targetMs && r.lost === 0 ? 'yes' : 'no',
      })),
    );
  }
  console.log(`JavaScript transferred once at rest ${REST_MS / 1000} s (cold cache, KB)`);
  console.table(
    restJs.map((r) => ({
      page: r.page,
      KB: r.kb,
      'target KB': r.targetKb,
      met: r.kb <= r.targetKb ? 'yes' : 'no',
    })),
  );
  for (const row of restJs.filter((r) => r.files?.length)) {
    console.log(row.page);
    console.table([...row.files!].sort((a, b) => b.kb - a.kb));
  }
}
