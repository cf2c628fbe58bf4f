import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every browser test fails if the page logs a console error or throws (CSP violations and
 * hydration errors show up there), unless the test expects that error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page that does not exist is answered 404 with the not-found screen (decision 0033),
      // which the browser logs: that one line is what such a visit is meant to show.
      const missingPages = new Set<string>();
      const notFound: { text: string; url: string }[] = [];
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().resourceType() === 'document')
          missingPages.add(response.url());
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        errors.push(msg.text());
        if (msg.text().includes('(Not Found)'))
          notFound.push({ text: msg.text(), url: msg.location().url });
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      for (const { text, url } of notFound) {
        const at = errors.indexOf(text);
        if (missingPages.has(url) && at >= 0) errors.splice(at, 1);
      }
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const HEIGHTS: Record<number, number> = { 375: 812, 768: 1024 };

/**
 * Saves a full-page screenshot at phone (375) and desktop (1280) widths, or at the widths given
 * (the back office: tablet, 768, and desktop). With E2E_SCREENSHOTS=off (CI: nobody looks at its
 * pictures, and taking them cost a fifth of a browser run) the page is only left at the last
 * width, as the pictures would leave it.
 */
export async function screenshots(page: Page, name: string, widths = [375, 1280]) {
  if (process.env.E2E_SCREENSHOTS === 'off') {
    const width = widths.at(-1)!;
    return page.setViewportSize({ width, height: HEIGHTS[width] ?? 900 });
  }
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHTS[width] ?? 900 });
    await page.screenshot({
      path: `tests/.artifacts/screenshots/${name}-${width}.png`,
      fullPage: true,
    });
  }
}
