import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { freePort } from '../support/nodes';
import { hydrated, isSameDocument, markDocument } from './support/site';

// `npm run dev` (scripts/dev.mjs): the site from Vite's dev server, its calls passed through to
// the API (here the browser tests' server, as `npm run dev` passes them to its own). The journeys
// run on the build; this is what a developer sees, which has broken unseen before (a logo served
// from public/, unstyled pages).

let vite: ChildProcess | undefined;
let site = '';

test.beforeAll(async ({ baseURL }) => {
  const port = await freePort();
  vite = spawn('npx', ['react-router', 'dev', '--port', String(port), '--strictPort'], {
    env: { ...process.env, API_PORT: new URL(baseURL!).port },
    stdio: 'ignore',
    detached: true,
  });
  site = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${site}/faqs/`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  // the whole group: npx, the CLI and what it started
  if (vite?.pid) process.kill(-vite.pid, 'SIGTERM');
});

// @alone: a dev server's start bundles the dependencies on every core, which would slow the
// journeys running beside it past their waits.
test('npm run dev draws the site styled and hydrated, with no warning from React, and keeps state across an edit @alone', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // A dev server's first pages find the dependencies to bundle and may fail to load their code
  // meanwhile (logging the modules it could not load): the page is opened again until it
  // hydrates, and those visits are not what is measured.
  await expect(async () => {
    await page.goto(`${site}/order/`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await page.waitForLoadState('networkidle');
  consoleErrors.length = 0;

  const warnings: string[] = [];
  page.on('console', (msg) => msg.type() === 'warning' && warnings.push(msg.text()));
  await page.goto(`${site}/order/`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What size is your parcel?');
  // styles/base.css, in force after the page has hydrated
  const body = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { margin: style.margin, background: style.backgroundColor };
  });
  expect(body.margin).toBe('0px');
  expect(body.background).not.toBe('rgba(0, 0, 0, 0)');

  await page.getByRole('button', { name: 'Login' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  // A call through Vite to the API: the size step lists the catalogue's bands.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('radio', { name: /Price Band A/ })).toBeVisible();
  expect(warnings).toEqual([]);

  // React's Fast Refresh: an edit to a screen's code is drawn in place, its state kept.
  const band = page.getByRole('radio', { name: /Price Band B/ });
  await band.check();
  await markDocument(page);
  const file = 'src/web/features/booking/size-step.tsx';
  const source = fs.readFileSync(file, 'utf8');
  const intro = 'Choose the price band your parcel fits';
  expect(source).toContain(intro);
  try {
    fs.writeFileSync(file, source.replace(intro, `${intro} (edited)`));
    await expect(page.getByText(`${intro} (edited)`)).toBeVisible({ timeout: 30_000 });
    await expect(band).toBeChecked();
    expect(await isSameDocument(page)).toBe(true);
  } finally {
    fs.writeFileSync(file, source);
  }
  expect(warnings).toEqual([]);
});
