// Navigation behaviour of docs/requirements.md §2 at desktop width: the header, in-app navigation,
// hash scrolling, external links, prefetching, and a page whose data fails to load.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { holdScripts, hydrated, isSameDocument, markDocument, viewportShots } from './support/site';

test('the header has the logo, nav links, social links, user menu, Add a delivery and basket', async ({
  page,
}) => {
  await page.goto('/faqs/');
  await hydrated(page);
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('link', { name: 'Ferrybox home' })).toHaveAttribute('href', '/');
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'How it works' })).toHaveAttribute(
    'href',
    '/how-it-works/',
  );
  await expect(nav.getByRole('link', { name: 'FAQs' })).toHaveAttribute('aria-current', 'page');
  for (const name of ['Facebook', 'Instagram', 'X']) {
    const link = header.getByRole('link', { name: `Ferrybox on ${name}` });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(header.getByRole('link', { name: 'Add a delivery' })).toHaveAttribute(
    'href',
    '/order/',
  );
  await expect(header.getByTestId('user-menu')).toBeVisible();
  await expect(header.getByTestId('basket-menu')).toBeVisible();
  await expect(page.getByTestId('notice-banner')).toContainText('Christmas 2026');
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test.describe('the header changes style once the page is scrolled more than 100 px', () => {
  // CSS's (a scroll-driven animation): however the page moved, and before any code has loaded.
  // Raised: the surface's white (the page's background is a tint of teal).
  const raised = (page: Page) =>
    page
      .getByTestId('site-header')
      .evaluate((h) => getComputedStyle(h).backgroundColor === 'rgb(255, 255, 255)');
  const scripts = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && asked.push(r.url()));
    return asked;
  };

  test('by the wheel and at the threshold, with no code fetched', async ({ page }) => {
    const asked = scripts(page);
    await page.goto('/faqs/');
    expect(await raised(page)).toBe(false);
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => raised(page)).toBe(true);
    // Exactly 100 px is not "more than 100"; one more pixel is.
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect.poll(() => raised(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect.poll(() => raised(page)).toBe(true);
    await viewportShots(page, 'site-header-scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => raised(page)).toBe(false);
    await viewportShots(page, 'site-header');
    expect(asked).toEqual([]);
  });

  test('by a finger on a phone, before its code has arrived', async ({ browser }) => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await phone.newPage();
    // A touch is a reach, which asks for the page's code: it is held back meanwhile.
    const release = await holdScripts(page);
    await page.goto('/faqs/');
    expect(await raised(page)).toBe(false);
    // A finger swiping up the screen.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: 180, y }],
      });
    await touch('touchStart', 600);
    for (let y = 580; y >= 200; y -= 20) await touch('touchMove', y);
    await touch('touchEnd', 200);
    await expect.poll(() => raised(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await phone.close();
  });

  test('by keys, by a link to an anchor and by a restored position', async ({ page }) => {
    await page.goto('/faqs/#ship-together');
    await expect.poll(() => raised(page)).toBe(true);
    await page.goto('/faqs/');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    // End scrolls smoothly; Chromium drops a Home pressed before that scroll has ended.
    await page.evaluate(() => {
      const w = window as Window & { scrollEnded?: Promise<void> };
      w.scrollEnded = new Promise((done) =>
        addEventListener('scrollend', () => done(), { once: true }),
      );
    });
    await page.keyboard.press('End');
    await expect.poll(() => raised(page)).toBe(true);
    await page.evaluate(() => (window as Window & { scrollEnded?: Promise<void> }).scrollEnded);
    await page.keyboard.press('Home');
    await expect.poll(() => raised(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect.poll(() => raised(page)).toBe(true);
  });

  test('a browser without scroll timelines has the inline script mark the page', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS);
      CSS.supports = (...args: [string, string?]) =>
        !String(args[0]).includes('animation-timeline') && supports(...(args as [string]));
    });
    await page.goto('/faqs/');
    const marked = () =>
      page.evaluate(() => document.documentElement.hasAttribute('data-scrolled'));
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 400);
    await expect.poll(marked).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect.poll(marked).toBe(false);
  });
});

test('header and markdown links navigate inside the app, scroll to the top, and set titles', async ({
  page,
}) => {
  await page.goto('/faqs/');
  await hydrated(page);
  await markDocument(page);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.getByTestId('site-header').getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/how-it-works\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
  await expect(page).toHaveTitle('How it works - Ferrybox');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // A link inside the rendered markdown, to a page without a trailing slash.
  await page.locator('.content a[href="/x-2"]').click();
  await expect(page).toHaveURL(/\/x-2$/);
  await expect(page).toHaveTitle('UK retailer checkout guide - Ferrybox');
  await page.goBack();
  await expect(page).toHaveURL(/\/how-it-works\/$/);
  expect(await isSameDocument(page)).toBe(true);
});

test('a link with a #hash scrolls to its target, on the same page and from another', async ({
  page,
}) => {
  await page.goto('/how-it-works/');
  await hydrated(page);
  await markDocument(page);
  await page.locator('.content a[href="/faqs/#jersey-gst"]').click();
  await expect(page).toHaveURL(/\/faqs\/#jersey-gst$/);
  const target = page.locator('#jersey-gst');
  await expect(target).toBeInViewport();
  // Below the sticky header, not under it.
  await expect.poll(async () => (await target.boundingBox())!.y).toBeGreaterThanOrEqual(64);
  expect((await target.boundingBox())!.y).toBeLessThan(200);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.content a[href="#jersey-gst"]').first().click();
  await expect(target).toBeInViewport();
  expect(await isSameDocument(page)).toBe(true);
});

test('an external link opens in a new tab with rel="noopener"', async ({ page, context }) => {
  await context.route('https://www.gov.je/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>gov.je</title>' }),
  );
  await page.goto('/faqs/');
  await hydrated(page);
  const link = page.locator('.content a[href="https://www.gov.je/"]').first();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe('https://www.gov.je/');
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await expect(page).toHaveURL(/\/faqs\/$/);
  await popup.close();
});

test('a page’s data is prefetched 250 ms after a link to it becomes visible', async ({ page }) => {
  // What actually reached the server (not the browser's prefetch or memory cache).
  const fromServer: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const { url, fromDiskCache, fromPrefetchCache } = e.response;
    if (url.endsWith('.data') && !fromDiskCache && !fromPrefetchCache && !cached.has(e.requestId))
      fromServer.push(url);
  });
  const started = (path: string) =>
    page.evaluate(
      (p) =>
        performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === p)
          ?.startTime ?? null,
      path,
    );

  await page.goto('/faqs/');
  await hydrated(page);
  // The header's How it works link is visible from the start: its data comes without a click.
  await expect.poll(() => started('/how-it-works/_.data')).not.toBeNull();
  // A link far down the page is not fetched until it has been seen, then 250 ms later.
  const link = page.locator('.content a[href="/export-certificates/"]');
  expect(await started('/export-certificates/_.data')).toBeNull();
  const seenAt = await link.evaluate((a) => {
    a.scrollIntoView({ block: 'center' });
    return performance.now();
  });
  await expect.poll(() => started('/export-certificates/_.data')).not.toBeNull();
  expect((await started('/export-certificates/_.data'))! - seenAt).toBeGreaterThanOrEqual(250);
  await expect
    .poll(() => fromServer.filter((u) => u.endsWith('/export-certificates/_.data')))
    .toHaveLength(1);

  // Clicking now uses the prefetched data: the server is not asked again.
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Export certificates and UK VAT refunds',
  );
  expect(fromServer.filter((u) => u.endsWith('/export-certificates/_.data'))).toHaveLength(1);
});

test('a link seen for less than 250 ms is not prefetched', async ({ page }) => {
  // The page's timers run on a clock the test moves, so a slow machine cannot stretch the
  // moment the link is in view past 250 ms.
  await page.clock.install();
  await page.goto('/faqs/');
  await hydrated(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  // (The fake clock has its own `performance`, without resource entries: requests are counted.)
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const started = (path: string) => asked.includes(path);
  // Scrolls a link into view or away, and resolves once an observer with the site's options
  // has seen the change (the site's observer is told in the same task).
  const scroll = (href: string | null) =>
    page.evaluate(async (target) => {
      const link = document.querySelector(`.content a[href="${target ?? '/prohibited-items/'}"]`)!;
      await new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          ([entry]) => {
            if (entry.isIntersecting === (target !== null)) {
              observer.disconnect();
              resolve();
            }
          },
          { rootMargin: '20px', threshold: 0.1 },
        );
        observer.observe(link);
        if (target) link.scrollIntoView({ block: 'center' });
        else window.scrollTo(0, 0);
      });
    }, href);

  // Seen, then scrolled away before 250 ms have passed: never fetched, however long we wait.
  await scroll('/prohibited-items/');
  await page.clock.runFor(200);
  await scroll(null);
  await page.clock.runFor(1000);
  // A link seen after it, and kept in view for 250 ms, is prefetched.
  await scroll('/delivery-times/');
  await page.clock.runFor(250);
  // The time then flows again for what the fetch itself waits on (the route manifest).
  await page.clock.resume();
  await expect.poll(() => started('/delivery-times/_.data')).toBe(true);
  expect(started('/prohibited-items/_.data')).toBe(false);
});

test('a page whose data fails to load with a response gets a full page load', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/faqs/');
  await hydrated(page);
  await markDocument(page);
  let failed = 0;
  await page.route('**/privacy-policy/_.data', (route) => {
    failed++;
    return route.fulfill({ status: 503, body: 'Service Unavailable' });
  });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await hydrated(page);
  expect(failed).toBeGreaterThan(0);
  expect(await isSameDocument(page)).toBe(false);
  // The browser reports the failed request; nothing else went wrong.
  expect(consoleErrors.filter((e) => !/503/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});

test('an in-app link to a missing page shows not found with the path', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/faqs/');
  await hydrated(page);
  await markDocument(page);
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/no-such-page/';
    a.textContent = 'A broken link';
    document.querySelector('.content')!.prepend(a);
  });
  await page.getByRole('link', { name: 'A broken link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('missing-path')).toHaveText('/no-such-page/');
  await expect(page).toHaveTitle('Page not found - Ferrybox');
  expect(await isSameDocument(page)).toBe(true);
  // The browser reports the 404 of the page's data file; nothing else went wrong.
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});

test('the skip link moves focus to the main content; focus is visible', async ({ page }) => {
  await page.goto('/faqs/');
  await hydrated(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  expect(await focused.evaluate((el) => el.closest('main') !== null)).toBe(true);
});

test('the notice banner is in the page as served, and nothing moves when the settings arrive', async ({
  page,
}) => {
  // Hold the settings back: what shows until then is what the server sent.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/public/settings', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/faqs/');
  await hydrated(page);
  const banner = page.getByTestId('notice-banner');
  await expect(banner).toContainText('Christmas 2026');
  const before = await page.locator('main').boundingBox();

  // Shifts are counted from here: what the settings' arrival moves (a web font or an image that a
  // loaded machine finishes late is not this test's concern).
  const releasedAt = await page.evaluate(() => performance.now());
  const settings = page.waitForResponse('**/public/settings');
  release();
  await settings;
  // The footer's contact details come with the settings: once they show, the settings are in.
  await expect(page.getByTestId('contact-details')).toContainText('customercare@ferrybox.je');
  await expect(banner).toContainText('Christmas 2026');
  expect(await page.locator('main').boundingBox()).toEqual(before);
  const shifted = await page.evaluate(async (since) => {
    // Two frames: the page as the settings left it has been laid out and painted, so a shift
    // they caused is recorded. The buffered entries are read at once (no entry is no shift).
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number })[];
    observer.disconnect();
    return entries
      .filter((entry) => entry.startTime >= since)
      .reduce((sum, entry) => sum + entry.value, 0);
  }, releasedAt);
  expect(shifted).toBe(0);
});
