import type { Page } from '@playwright/test';

/**
 * Waits until the page has hydrated (root.tsx marks <html data-hydrated>). A content page loads
 * its code for a visitor with no state only when reached for (src/server/lib/build.ts): a key
 * that does nothing (Shift) reaches for it, as a visitor's first key or press would.
 */
export async function hydrated(page: Page) {
  const isHydrated = () => document.documentElement.dataset.hydrated === 'true';
  // The loader listens from the end of the page's body: a key pressed while the page is still
  // being read (its heading shown) would reach nothing.
  await page.waitForFunction(() => document.readyState !== 'loading');
  if (!(await page.evaluate(isHydrated))) await page.keyboard.press('Shift');
  await page.waitForFunction(isHydrated);
}

/**
 * Holds back every script the page asks for (the page as a slow phone has it before its code), or
 * those `scripts` matches, until the returned `release()`; `asked` collects their paths.
 */
export async function holdScripts(
  page: Page,
  { asked = [], scripts = '**/assets/*.js' }: { asked?: string[]; scripts?: string } = {},
) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(scripts, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  return release;
}

/** Marks the current document; `isSameDocument` then tells a client-side navigation from a full load. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker: boolean }).__e2eMarker = true;
  });
}

export const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eMarker?: boolean }).__e2eMarker === true);

/** The build id the page names in its meta tag. */
export const buildIdOf = (page: Page) =>
  page.locator('meta[name="ferrybox-build"]').getAttribute('content');

/** Viewport-only screenshots, at 375 and 1280 px by default (`screenshots` takes full pages). */
export async function viewportShots(
  page: Page,
  name: string,
  before?: () => Promise<void>,
  widths = [375, 1280],
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (before) await before();
    await page.screenshot({ path: `tests/.artifacts/screenshots/${name}-${width}.png` });
  }
}

/**
 * Until no transition or animation is still moving. Endless ones (a spinner) are not waited for,
 * nor those the page's scroll drives (the header's), which stand still until the page moves.
 */
export const animationsSettled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.timeline !== document.timeline ||
          a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
