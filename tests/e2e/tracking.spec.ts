import type { Browser, Page } from '@playwright/test';
import { expect, screenshots, test } from './support/fixtures';
import { axeProblems } from './support/booking';
import { linkFromOutbox, logIn } from './support/accounts';
import { paidBooking, shippedBooking } from './support/orders';
import { FIRST_ADMIN, staffLogIn } from './support/staff';

// Following a parcel without logging in: the link of the order's e-mails opens, on a
// phone with no session (a fresh browser context), a page with the first name, the island and
// the timeline, with the carrier's tracking link once the parcel has sailed; a wrong or replaced
// link says so; the customer replaces the link from the order's page.

/** MUI with emotion and TanStack Query: the back office's chunk (vite.config.ts `app-vendor`). */
const HEAVY_CHUNK = /\/assets\/app-vendor-[\w-]+\.js$/;

const SAILING = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A phone with nothing stored: no session, no cookies, at 375 px. */
async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

const REFUSED = /Failed to load resource: the server responded with a status of 404/;

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your parcel');
  await expect(page.getByTestId('track-not-found')).toHaveText(
    'We could not find a parcel with this tracking link.',
  );
  await expect(page.getByRole('list', { name: 'Timeline' })).toHaveCount(0);
}

test('the link of the dispatch e-mail opens the parcel’s timeline on a phone with no session', async ({
  browser,
  request,
}) => {
  const { email, order } = await shippedBooking(request, SAILING, {
    ItemDescription: 'Coffee machine',
  });
  const path =
    await test.step('the receipt, the arrival and the dispatch e-mails carry one tracking link', async () => {
      const path = await linkFromOutbox(request, email, 'receipt', '/track/');
      expect(path).toMatch(/^\/track\/[0-9A-Z]{20}$/);
      // The arrival and the dispatch carry the same link (the dispatch's carrier link is another).
      expect(await linkFromOutbox(request, email, 'parcel-arrived', path)).toBe(path);
      expect(await linkFromOutbox(request, email, 'parcel-dispatched', path)).toBe(path);
      return path;
    });

  const { context, page, errors } = await phone(browser);
  const calls: { url: string; authorization?: string }[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/public/track/'))
      calls.push({ url: r.url(), authorization: r.headers().authorization });
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await test.step('on a phone with no session the link opens: Hello Ann, Shipped, the timeline and the carrier’s link', async () => {
    await page.goto(path);
    await expect(page).toHaveTitle('Track your parcel - Ferrybox');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(
      page.getByText('Hello Ann, here is your parcel’s journey to Jersey.'),
    ).toBeVisible();
    await expect(page.getByTestId('track-status')).toHaveText('Shipped');
    await expect(page.getByTestId('track-arrival')).toHaveCount(0);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('heading')).toHaveText([
      'Booked',
      'Paid',
      'Received at our depot',
      'On its way to the island',
    ]);
    const carrier = page.getByRole('link', { name: /Track with Jersey Post/ });
    await expect(carrier).toBeVisible();
    await expect(carrier).toHaveAttribute('href', /CI0*\d+GB/);
  });

  await test.step('nothing else about the customer or the order is shown, and nobody is logged in', async () => {
    // Nothing else about the customer or the order: no surname, e-mail, reference, goods, money.
    const text = await page.locator('main').innerText();
    for (const secret of ['Le Brocq', email, order.Reference, 'Coffee machine', '£', 'Weight']) {
      expect(text).not.toContain(secret);
    }
    // Nobody is logged in on this phone: no session stored, and no call sent a token.
    expect(
      await page.evaluate(() =>
        ['accessToken', 'userData'].map((key) => localStorage.getItem(key)),
      ),
    ).toEqual([null, null]);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.authorization)).toEqual([]);
  });

  await test.step('a light page that fits the phone, with nothing for axe to find', async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // A light customer page (decision 0029): not the back office's MUI and TanStack Query chunk.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => HEAVY_CHUNK.test(path))).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'track-parcel');
    expect(errors).toEqual([]);
  });
  await context.close();
});

test('a wrong link says so plainly, and no tracking page is in the sitemap', async ({
  browser,
  request,
}) => {
  await test.step('a wrong link: the page says no parcel has it', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto('/track/7KQ2M9XW4HCT8RBZ3N6P');
    await expectNotFound(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'track-parcel-unknown');
    // The browser logs the refused look-up (404); nothing else may be logged.
    expect(errors).toEqual([expect.stringMatching(REFUSED)]);
    await context.close();
  });

  await test.step('the sitemap lists no tracking page', async () => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).not.toContain('/track');
  });
});

test('the customer replaces the link from the order’s page: the old one stops working', async ({
  page,
  browser,
  request,
}) => {
  const { email, password, order } = await paidBooking(request);
  const mailed = await linkFromOutbox(request, email, 'receipt', '/track/');

  const section = page.getByRole('region', { name: 'Tracking link' });
  const link = section.getByTestId('tracking-link');
  await test.step('the customer logs in; the order’s page shows the link e-mailed', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await logIn(page, email, password);
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
    await page.goto(`/dashboard/orders/${order.Id}`);
    await expect(link).toHaveAttribute('href', mailed);
  });

  const replaced =
    await test.step('Replace the link: replaced, the old one no longer works, the new one below', async () => {
      await section.getByRole('button', { name: 'Replace the link' }).click();
      await expect(section.getByRole('status')).toHaveText(
        'Your tracking link has been replaced: the old link no longer works. The new one is below.',
      );
      await expect(link).not.toHaveAttribute('href', mailed);
      const replaced = (await link.getAttribute('href'))!;
      expect(replaced).toMatch(/^\/track\/[0-9A-Z]{20}$/);
      expect(await axeProblems(page)).toEqual([]);
      await screenshots(page, 'track-order-link');
      return replaced;
    });

  await test.step('on a phone the old link finds nothing; the new one the parcel and its promise', async () => {
    const { context, page: other, errors } = await phone(browser);
    await other.goto(mailed);
    await expectNotFound(other);
    await other.goto(replaced);
    await expect(other.getByTestId('track-status')).toHaveText('Awaiting Parcel');
    // Not at the depot yet: the timetable's promise (docs/decisions/0048).
    await expect(other.getByTestId('track-arrival')).toHaveText(
      /^If it reaches us by .+, it arrives .+\.$/,
    );
    expect(errors).toEqual([expect.stringMatching(REFUSED)]);
    await context.close();
  });
});

test('the office replaces the link from its order screen', async ({ page, browser, request }) => {
  const { email, order } = await paidBooking(request);
  const mailed = await linkFromOutbox(request, email, 'receipt', '/track/');
  const replaced =
    await test.step('the office replaces the tracking link on the order’s screen', async () => {
      await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
      await page.goto(`/admin/orders/${order.Id}`);
      const section = page.getByRole('region', { name: 'Tracking link' });
      const link = section.getByTestId('tracking-link');
      await expect(link).toHaveAttribute('href', mailed);
      await section.getByRole('button', { name: 'Replace the tracking link' }).click();
      await expect(page.getByText('The tracking link was replaced.')).toBeVisible();
      await expect(link).not.toHaveAttribute('href', mailed);
      return (await link.getAttribute('href'))!;
    });

  await test.step('on a phone the old link finds nothing; the new one the parcel', async () => {
    const { context, page: other, errors } = await phone(browser);
    await other.goto(mailed);
    await expectNotFound(other);
    await other.goto(replaced);
    await expect(other.getByTestId('track-status')).toHaveText('Awaiting Parcel');
    expect(errors).toEqual([expect.stringMatching(REFUSED)]);
    await context.close();
  });
});
