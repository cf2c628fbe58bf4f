import { expect, test } from './support/fixtures';
import { hydrated } from './support/site';

// One address per page (docs/decisions/0033): a path that is no page answers 404 and
// shows the not-found page; app screens and content pages follow one trailing-slash rule, the
// other form answering 301 to it with its query string; /terms-and-conditions stays as linked;
// the page data the router fetches (`_.data`) is still served.

/** The console's note of the 404 itself is expected; anything else still fails the test. */
function expectOnly404s(consoleErrors: string[]) {
  const expected = /Failed to load resource: the server responded with a status of 404/;
  const unexpected = consoleErrors.filter((e) => !expected.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
}

test('a path that is no page answers 404 and shows the not-found page naming it', async ({
  page,
  request,
  consoleErrors,
}) => {
  for (const path of ['/no-such-page/', '/x/y/z', '/order/not-a-number', '/basket/more/']) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('missing-path')).toHaveText(path);
    await expect(page).toHaveTitle(/^Page not found - /);
  }
  // A missing file is a plain 404, never a page.
  const data = await request.get('/no-such-page/_.data');
  expect(data.status()).toBe(404);
  expect(data.headers()['content-type']).toMatch(/^text\/plain/);
  expectOnly404s(consoleErrors);
});

test('each screen and content page has one address; the other form redirects to it', async ({
  page,
  request,
}) => {
  const redirects: [string, string][] = [
    ['/basket', '/basket/'],
    ['/basket?from=menu', '/basket/?from=menu'],
    ['/dashboard/orders', '/dashboard/orders/'],
    ['/dashboard/orders/12/', '/dashboard/orders/12'],
    ['/payment/failure?ref=PAY-000001', '/payment/failure/?ref=PAY-000001'],
    ['/how-it-works', '/how-it-works/'],
    ['/faqs?q=gst', '/faqs/?q=gst'],
    ['/terms-and-conditions/', '/terms-and-conditions'],
  ];
  for (const [from, to] of redirects) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
  for (const path of ['/basket/', '/how-it-works/', '/terms-and-conditions', '/order/']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  // The browser lands on the one address, and the screen is there.
  await page.goto('/basket?from=menu');
  await expect(page).toHaveURL('/basket/?from=menu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/terms-and-conditions');
  await expect(page).toHaveURL('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/terms/i);

  // The router's page data is served at its own addresses.
  for (const path of ['/_.data', '/how-it-works/_.data', '/terms-and-conditions.data']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  // Following a link between content pages uses that data, without a page load.
  await page.goto('/how-it-works/');
  await hydrated(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-same-load', ''));
  await page.getByRole('banner').getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL('/faqs/');
  await expect(page.locator('html[data-same-load]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/FAQ|questions/i);
});
