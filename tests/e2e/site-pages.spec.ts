// Every content route this site owns (docs/requirements.md §2): heading, title, SEO tags, no
// serious accessibility problems; the not-found pages; the contact block; sitemap.xml and
// robots.txt.
import { contentRoutePaths, contentFileFor, readContent } from '../../src/web/lib/content.server';
import { siteBuildConfig } from '../../src/web/lib/site-config.server';
import { expect, screenshots, test } from './support/fixtures';
import { holdScripts, hydrated, viewportShots } from './support/site';
import { axeProblems } from './support/booking';

/** The public address the site was built with (PUBLIC_URL, default http://localhost:3000). */
const SITE_URL = siteBuildConfig().siteUrl;

/** Each prerendered content page with what it should show. */
const pages = contentRoutePaths()
  .filter((p) => p !== '/404/')
  .map((path) => {
    const file =
      path === '/' ? { file: 'pages/home.md', path } : contentFileFor(path.replace(/\//g, ''));
    const page = readContent(file!.file, path)!;
    return {
      path,
      heading: page.heading,
      title: page.title,
      description: page.description,
      noindex: page.noindex,
    };
  });

test('the site has every content route of docs/requirements.md §2', () => {
  const paths = pages.map((p) => p.path);
  for (const required of [
    '/',
    '/how-it-works/',
    '/faqs/',
    '/faqs-old/',
    '/privacy-policy/',
    '/black-friday/',
    '/terms-and-conditions',
    '/x-1',
  ]) {
    expect(paths).toContain(required);
  }
});

for (const content of pages) {
  test(`${content.path} shows its heading and title, with SEO tags and no serious a11y issues`, async ({
    page,
  }) => {
    const response = await page.goto(content.path);
    expect(response?.status()).toBe(200);
    expect(response?.url()).toMatch(new RegExp(`${content.path.replace(/[/.]/g, '\\$&')}$`));
    await expect(page).toHaveTitle(`${content.title} - Ferrybox`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.heading);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      content.description,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${SITE_URL}${content.path}`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${content.title} - Ferrybox`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${SITE_URL}/og-image.png`,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(content.noindex ? 1 : 0);
    await hydrated(page);
    // The settings have arrived (the footer's contact details), so axe sees the whole page.
    await expect(page.getByTestId('contact-details')).toContainText('Jersey');
    expect(await axeProblems(page)).toEqual([]);
  });
}

test('the 404 page, a made-up path and a non-numeric order id show not found with the path', async ({
  page,
}) => {
  const res = await page.goto('/404/');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found - Ferrybox');

  for (const path of ['/no/such/page', '/made-up-page/', '/order/abc', '/x-999']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByTestId('missing-path')).toHaveText(path);
    await expect(page).toHaveTitle('Page not found - Ferrybox');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
  await screenshots(page, 'site-not-found');
});

test('/contact-us/ shows the contact details from the settings at its marker', async ({ page }) => {
  await page.goto('/contact-us/');
  const block = page.getByTestId('contact-block');
  await expect(block).toContainText('Customer care');
  await expect(block).toContainText('01534 880 120');
  await expect(block).toContainText('customercare@ferrybox.je');
  await expect(block).toContainText('St Helier');
  await expect(block).toContainText('7am to 4pm, Monday to Friday');
  // It sits under "Our contact details", before the paragraph that follows the marker.
  const order = await page.evaluate(() => {
    const heading = [...document.querySelectorAll('h2')].find((h) =>
      h.textContent?.includes('Our contact details'),
    )!;
    const blockEl = document.querySelector('[data-testid="contact-block"]')!;
    return heading.compareDocumentPosition(blockEl) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(order).toBeTruthy();
});

test('the FAQ and a content page look right at 375 and 1280 px', async ({ page }) => {
  await page.goto('/faqs/');
  await hydrated(page);
  await expect(page.getByTestId('contact-details')).toContainText('Jersey');
  await viewportShots(page, 'site-faqs');
  await screenshots(page, 'site-faqs-full');
  await page.goto('/x-1');
  await hydrated(page);
  await viewportShots(page, 'site-content-page');
});

test('sitemap.xml lists the indexable pages and robots.txt names it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const content of pages) {
    const entry = `<loc>${SITE_URL}${content.path}</loc>`;
    if (content.noindex) expect(xml).not.toContain(entry);
    else expect(xml).toContain(entry);
  }
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});

test('fonts and icons come from our own origin; nothing is loaded from another host', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
    if (r.resourceType() === 'font') fonts.push(r.url());
  });
  await page.goto('/faqs/');
  await hydrated(page);
  await expect(page.getByTestId('contact-details')).toContainText('Jersey');
  await page.evaluate(() => document.fonts.ready);
  expect(foreign).toEqual([]);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((f) => f.startsWith(`${baseURL}/assets/roboto-`))).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('16px "Roboto Variable"'))).toBe(true);
  // No cookie banner (and no tag manager) when the build has no tracking configured.
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
});

test('a content page paints before its code loads, and a button pressed meanwhile works once it is interactive', async ({
  page,
}) => {
  // The page's code waits for the browser to be idle or for the visitor to reach for
  // the page. Hold the code back to see the page painted without it, then press Login.
  const asked: string[] = [];
  const release = await holdScripts(page, { asked });
  const served = await page.goto('/faqs/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page as served names no module to preload: nothing competes with its first paint (the
  // loader asks for them once started).
  expect(await served!.text()).not.toContain('<link rel="modulepreload"');
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await login.click();
  // The press asked for the code; the page is not interactive until it arrives.
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await hydrated(page);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test("a tab's first page is drawn in the fallback fonts and fetches Roboto once loaded, code or none; the next page is drawn in Roboto", async ({
  page,
}) => {
  // Decision 0028: the first paint neither waits for nor competes with the web font. A content
  // page may never load its code (decision 0029): the font is fetched without it.
  const seen: string[] = [];
  page.on('load', () => seen.push('load'));
  page.on('request', (r) => {
    if (r.resourceType() === 'font') seen.push('font');
  });
  await holdScripts(page);
  await page.goto('/faqs/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-font', 'later');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain(
    'Roboto Variable',
  );
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('FONT'))).toBe('1');
  expect(seen[0]).toBe('load');
  expect(seen).toContain('font');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  // A page loaded anew in the same tab is drawn in Roboto.
  await page.goto('/how-it-works/');
  await expect(html).not.toHaveAttribute('data-font');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
    'Roboto Variable',
  );
});
