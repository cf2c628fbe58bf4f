import { expect, screenshots, test } from './support/fixtures';
import { hydrated } from './support/site';
import { SITE_VERSION } from '../../src/shared/site-version';

test('the home page shows the price bands from the database', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page).toHaveTitle(/ - Ferrybox$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const bands = page.getByTestId('price-band');
  await expect(bands).toHaveCount(13);
  await expect(bands.first()).toContainText('Price Band A');
  await expect(bands.first()).toContainText('£6.95');
  await expect(bands.first()).toContainText('35 × 25 × 16 cm');
  await expect(bands.last()).toContainText('Price Band M');
  await expect(page.getByTestId('receiving-hours')).toContainText('7am to 4pm, Monday to Friday');
  await expect(page.getByTestId('contact-details')).toContainText('Jersey');
  await expect(page.getByTestId('contact-details')).toContainText('customercare@ferrybox.je');
  // the contact details are in the HTML the server sends, before any script runs
  expect(await response!.text()).toContain(
    '<a href="mailto:customercare@ferrybox.je">customercare@ferrybox.je</a>',
  );
  await screenshots(page, 'home');
});

test('an unknown path shows the not-found page naming that path', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('missing-path')).toHaveText('/no/such/page');
  await expect(page).toHaveTitle('Page not found - Ferrybox');
});

test('hashed assets are cached for a year', async ({ page, request }) => {
  await page.goto('/');
  // The page's code, asked for by the first reach (a key here), names its scripts.
  await hydrated(page);
  const script =
    (await page
      .locator('script[type=module][src^="/assets/"], link[rel=modulepreload]')
      .first()
      .getAttribute('src')) ??
    (await page.locator('link[rel=modulepreload]').first().getAttribute('href'));
  expect(script).toMatch(/^\/assets\//);
  const res = await request.get(script!);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('every page names the site’s version, on a content page and on an app screen', async ({
  page,
}) => {
  for (const path of ['/', '/order/', '/dashboard/']) {
    await page.goto(path);
    await expect(page.locator('meta[name="ferrybox-version"]')).toHaveAttribute(
      'content',
      SITE_VERSION,
    );
  }
});
