// The drawer below the md breakpoint (docs/requirements.md §2), at 375 px on a touch screen.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { hydrated, viewportShots } from './support/site';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

async function openDrawer(page: Page) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  await burger.click();
  const drawer = page.getByTestId('site-drawer');
  await expect(drawer).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  // Fully slid in.
  await expect.poll(() => drawer.evaluate((d) => d.getBoundingClientRect().left)).toBe(0);
  return { burger, drawer };
}

/** A touch swipe across the drawer, through the DevTools protocol (real touch events). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 5; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('at 375 px the header shows a burger; the drawer holds the links, basket and account', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(header.getByTestId('basket-menu')).toBeVisible();
  const { drawer } = await openDrawer(page);
  const box = await drawer.boundingBox();
  expect(box?.width).toBe(375);
  for (const name of ['Home', 'How it works', 'FAQs', 'Add a delivery']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: /^Basket/ })).toContainText('0');
  await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Register' })).toBeVisible();
  // The drawer exists below 960 px only: a phone and a small tablet.
  await viewportShots(
    page,
    'site-drawer-open',
    async () => {
      if (!(await drawer.isVisible())) await openDrawer(page);
    },
    [375, 768],
  );
});

test('the drawer is a modal dialog named Menu: focus moves in, goes round it, and the page behind is out of reach', async ({
  page,
}) => {
  await page.goto('/faqs/');
  await hydrated(page);
  const { burger } = await openDrawer(page);
  // A screen reader hears what it is, not how it is drawn.
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-modal', 'true');
  await expect(menu.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Drawer' })).toHaveCount(0);

  const close = menu.getByRole('button', { name: 'Close menu' });
  await expect(close).toBeFocused();
  const focusedInMenu = () =>
    page.evaluate(() => !!document.activeElement?.closest('[role="dialog"], dialog[open]'));
  // Round the whole menu and more: focus never leaves it, not even for the browser's controls.
  const seen = new Set<string>();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedInMenu()).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
  }
  expect(seen.size).toBeGreaterThan(5);
  // Shift+Tab from the first control goes to the last, and Tab from there back to the first.
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  expect(await focusedInMenu()).toBe(true);
  await expect(close).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  // Shown modally, so the page behind is inert: a link of the footer cannot take the focus.
  expect(await menu.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
  await page.evaluate(() => document.querySelector<HTMLElement>('footer a')?.focus());
  expect(await focusedInMenu()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();
});

test('choosing a link navigates and closes the drawer; focus returns to the burger', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const { burger, drawer } = await openDrawer(page);
  await drawer.getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/faqs\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await expect(drawer).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
});

test('Escape closes the drawer and focus returns to the burger', async ({ page }) => {
  await page.goto('/faqs/');
  await hydrated(page);
  const { burger, drawer } = await openDrawer(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  // It opens again after Escape.
  await openDrawer(page);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
});

test('a swipe to the left closes the drawer; a short or vertical one does not', async ({
  page,
}) => {
  await page.goto('/faqs/');
  await hydrated(page);
  const { burger, drawer } = await openDrawer(page);
  // 12 px: under the 16 px threshold.
  await swipe(page, { x: 250, y: 500 }, { x: 238, y: 500 });
  // Mostly vertical: the other axis is not under half of the main one.
  await swipe(page, { x: 250, y: 600 }, { x: 200, y: 500 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  await expect(drawer).toBeVisible();
  await swipe(page, { x: 300, y: 500 }, { x: 120, y: 520 });
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();
});

test('the drawer closes when the window grows to the md breakpoint (960 px)', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const { drawer } = await openDrawer(page);
  await page.setViewportSize({ width: 960, height: 800 });
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await page.setViewportSize({ width: 959, height: 800 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
