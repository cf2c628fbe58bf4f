// A new deployment under an open tab, and the tracking consent of a build with a tag manager.
// This file serves builds of its own (not the shared server's): build A is the current build/,
// build B the same sources built with GTM_ID set (a different build id and different chunks).
// "Deploying" copies a build over the folder the server serves, as a release would.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { sourceHash } from '../../src/server/lib/build';
import { freshDatabase } from '../support/database';
import { expect, test } from './support/fixtures';
import { buildIdOf, hydrated, isSameDocument, markDocument, viewportShots } from './support/site';

const GTM_ID = 'GTM-E2ETEST';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let base = '';
let app: App;
let closeDatabase: () => Promise<void>;
let work: string;
let live: string;
const builds = { a: '', b: '' };
const ids = { a: '', b: '' };

/** Builds the current sources with extra environment into a cached folder (keyed by both). */
function variantBuild(env: Record<string, string>): string {
  const key = createHash('sha256')
    .update(sourceHash())
    .update(JSON.stringify(env))
    .digest('hex')
    .slice(0, 16);
  // Inside the project, so that the prerender step resolves node_modules.
  const dir = path.resolve('node_modules/.cache/ferrybox-e2e-builds', key);
  if (fs.existsSync(path.join(dir, 'site.json'))) return dir;
  // Builds of older sources are of no further use.
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  const result = spawnSync('npx', ['react-router', 'build'], {
    env: { ...process.env, ...env, WEB_BUILD_DIR: dir },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`variant build failed:\n${result.stdout}\n${result.stderr}`);
  return dir;
}

/** Puts a build where the server serves it (what a deployment does). */
function deploy(build: string) {
  fs.rmSync(path.join(live, 'client'), { recursive: true, force: true });
  fs.cpSync(path.join(build, 'client'), path.join(live, 'client'), { recursive: true });
  fs.copyFileSync(path.join(build, 'site.json'), path.join(live, 'site.json'));
}

const siteId = (build: string) =>
  (JSON.parse(fs.readFileSync(path.join(build, 'site.json'), 'utf8')) as { buildId: string })
    .buildId;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-e2e-deploy-'));
  // Build A: a snapshot of the build the shared server made for this run.
  builds.a = path.join(work, 'a');
  fs.cpSync('build/client', path.join(builds.a, 'client'), { recursive: true });
  fs.copyFileSync('build/site.json', path.join(builds.a, 'site.json'));
  builds.b = variantBuild({ GTM_ID });
  ids.a = siteId(builds.a);
  ids.b = siteId(builds.b);
  expect(ids.a).not.toBe(ids.b);
  live = path.join(work, 'live');
  deploy(builds.a);

  const database = await freshDatabase();
  closeDatabase = () => database.close();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(work, 'data'),
    WORKERS: '0',
  });
  app = await buildApp({ ...config, serveWeb: true, webRoot: path.join(live, 'client') }, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await app?.close();
  await closeDatabase?.();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test.describe('a tab still on the old build after a new deployment', () => {
  test.beforeEach(() => deploy(builds.a));

  test('page data from the new build leads to a full load of the page asked for', async ({
    page,
  }) => {
    await page.goto(`${base}/faqs/`);
    await hydrated(page);
    expect(await buildIdOf(page)).toBe(ids.a);
    await markDocument(page);
    // Links in view have been prefetched from build A (React Router reloads a page whose
    // prefetch finds a file gone: that recovery is not what this test is about). The header's
    // links lead to the home page, content pages and the booking's first step.
    await page.waitForFunction(() => {
      const loaded = (window as unknown as { __reactRouterRouteModules: object })
        .__reactRouterRouteModules;
      return ['home', 'content-page', 'routes/order-start'].every((id) => id in loaded);
    });
    await page.waitForLoadState('networkidle');

    deploy(builds.b);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Privacy policy' }).click();

    await expect(page).toHaveURL(`${base}/privacy-policy/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect.poll(() => buildIdOf(page)).toBe(ids.b);
    expect(await isSameDocument(page)).toBe(false);
    await hydrated(page);
    // The new build works: in-app navigation again, no reload.
    await markDocument(page);
    await page.getByTestId('site-header').getByRole('link', { name: 'FAQs' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    expect(await isSameDocument(page)).toBe(true);
  });

  test('a screen whose code is gone after the deployment is loaded afresh at its address', async ({
    page,
    consoleErrors,
  }) => {
    // At 375 px the header's Add a delivery is hidden, so /order/'s code is never prefetched.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/faqs/`);
    await hydrated(page);
    expect(await buildIdOf(page)).toBe(ids.a);
    await markDocument(page);
    await page.waitForLoadState('networkidle');

    deploy(builds.b);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Add a delivery' }).click();

    await expect(page).toHaveURL(`${base}/order/`);
    await expect.poll(() => buildIdOf(page)).toBe(ids.b);
    expect(await isSameDocument(page)).toBe(false);
    await hydrated(page);
    await expect(page.getByRole('main')).toBeVisible();
    // What the old page reported about the missing file, and nothing else.
    const unexpected = consoleErrors.filter(
      (e) =>
        !/Error loading route module|Failed to fetch dynamically imported module|status of 404/.test(
          e,
        ),
    );
    expect(unexpected).toEqual([]);
    consoleErrors.length = 0;
  });
});

test.describe('tracking: a build with a tag manager', () => {
  test.beforeEach(() => deploy(builds.b));

  async function fakeTagManager(page: Page) {
    const loaded: string[] = [];
    await page.context().route('https://www.googletagmanager.com/**', (route) => {
      loaded.push(route.request().url());
      return route.fulfill({
        contentType: 'application/javascript',
        body: 'window.__gtmLoaded = (window.__gtmLoaded || 0) + 1;',
      });
    });
    return loaded;
  }

  const pageViews = (page: Page) =>
    page.evaluate(() =>
      (
        (window as unknown as { dataLayer?: { event?: string; page_path?: string }[] }).dataLayer ??
        []
      )
        .filter((e) => e.event === 'page_view')
        .map((e) => e.page_path),
    );

  test('nothing loads until the visitor accepts; then page views are tracked', async ({ page }) => {
    const loaded = await fakeTagManager(page);
    await page.goto(`${base}/`);
    await hydrated(page);
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept cookies' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Reject cookies' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'How we use cookies' })).toHaveAttribute(
      'href',
      '/privacy-policy/#cookies',
    );
    await viewportShots(page, 'site-cookie-banner');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(loaded).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    await banner.getByRole('button', { name: 'Accept cookies' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(() => loaded)
      .toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
    await expect
      .poll(() => page.evaluate(() => (window as { __gtmLoaded?: number }).__gtmLoaded))
      .toBe(1);
    await expect.poll(() => pageViews(page)).toEqual(['/']);

    await page.getByTestId('site-header').getByRole('link', { name: 'How it works' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    await expect.poll(() => pageViews(page)).toEqual(['/', '/how-it-works/']);

    // The answer is remembered: the next visit loads the tag manager at once, no banner.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => loaded.length).toBe(2);
    await expect(banner).toHaveCount(0);
    await expect.poll(() => pageViews(page)).toEqual(['/how-it-works/']);
  });

  test('rejecting loads nothing, now or later; Cookie settings asks again', async ({ page }) => {
    const loaded = await fakeTagManager(page);
    await page.goto(`${base}/faqs/`);
    await hydrated(page);
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Reject cookies' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await hydrated(page);
    await expect(banner).toHaveCount(0);
    await page.getByTestId('site-header').getByRole('link', { name: 'How it works' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    expect(loaded).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await banner.getByRole('button', { name: 'Accept cookies' }).click();
    await expect.poll(() => loaded.length).toBe(1);
  });

  test('the policy allows the tag manager on this build only', async ({ request }) => {
    const withTracking = await request.get(`${base}/faqs/`);
    expect(withTracking.headers()['content-security-policy']).toContain(
      'https://www.googletagmanager.com',
    );
    deploy(builds.a);
    const without = await request.get(`${base}/faqs/`);
    expect(without.headers()['content-security-policy']).not.toContain('googletagmanager');
  });
});
