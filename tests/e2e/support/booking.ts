import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { screenshots } from './fixtures';
import { animationsSettled } from './site';

/** The booking's stored state, read from the page's localStorage (docs/requirements.md §3 keys). */
export async function storedBookings(page: Page) {
  return page.evaluate(() => {
    const read = (key: string) => {
      const raw = localStorage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as unknown);
    };
    const orders: Record<string, unknown> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (/^ORDER-\d+$/.test(key)) orders[key] = read(key);
    }
    return { index: read('ORDER-INDEX'), basket: read('BASKET'), orders };
  });
}

/** Chooses a price band on the size step and continues. */
export async function chooseBand(page: Page, code: string) {
  await page.getByRole('radio', { name: new RegExp(`^Price Band ${code}\\b`) }).check();
  await page.getByRole('button', { name: /^(Continue|Book this delivery)$/ }).click();
}

/** Fills the retailer step with a retailer name and continues. */
export async function fillRetailer(page: Page, name = 'Argos') {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which retailer is sending it?');
  await page.getByRole('textbox', { name: 'Retailer', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function acceptTerms(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking terms');
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function fillDetails(
  page: Page,
  { description = 'Kettle', value = '25', count = '1', island = 'Guernsey' } = {},
) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What are you sending?');
  await page.getByLabel('What is in the parcel?').fill(description);
  await page.getByLabel('Value of the goods').fill(value);
  await page.getByLabel('Number of items').fill(count);
  await page.getByLabel('Destination island').selectOption(island);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Books a band through every step with no extras; ends on the order confirmation. */
export async function bookBand(
  page: Page,
  code: string,
  details?: Parameters<typeof fillDetails>[1],
) {
  await page.goto('/order/');
  await chooseBand(page, code);
  await fillRetailer(page);
  await acceptTerms(page);
  await fillDetails(page, details);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Any extras?');
  await page.getByRole('button', { name: /^(Add to basket|Update basket)$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Added to your basket');
}

/** Screenshots at 375 and 1280 px from the top of the page (the header is sticky). */
export async function stepShots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

/**
 * Serious or critical accessibility problems axe finds on the page (WCAG 2.2 AA), once the page
 * is at rest: a colour still fading (a button enabled a moment ago, 250 ms of MUI's transition)
 * is no colour the page shows, and axe measured its contrast half-way (depot.spec.ts failed so
 * now and then).
 */
export async function axeProblems(page: Page, exclude: string[] = []): Promise<string[]> {
  await animationsSettled(page);
  const { violations } = await exclude
    .reduce((builder, selector) => builder.exclude(selector), new AxeBuilder({ page }))
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // the same rules run; only the violations are gathered in full (not every passing node)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
