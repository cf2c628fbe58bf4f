import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every browser test fails if the page logs a console error or throws (CSP violations and
 * hydration errors show up there), unless the test expects that error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const HEIGHTS: Record<number, number> = { 375: 812, 768: 1024 };

/**
 * Saves a full-page screenshot at phone (375) and desktop (1280) widths, or at the widths given
 * (the back office: tablet, 768, and desktop).
 */
export async function screenshots(page: Page, name: string, widths = [375, 1280]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHTS[width] ?? 900 });
    await page.screenshot({
      path: `tests/.artifacts/screenshots/${name}-${width}.png`,
      fullPage: true,
    });
  }
}
