import type { Page } from '@playwright/test';
import { logIn, registerCustomer } from './support/accounts';
import { axeProblems, bookBand } from './support/booking';
import { expect, test } from './support/fixtures';
import { holdScripts, hydrated, viewportShots } from './support/site';

// The site's shell in one design language (docs/decisions/0029): the account dialogs,
// the user and basket menus and the drawer are the site's own primitives on native elements
// (<dialog>, the popover, Base UI's menu button), so no customer page loads MUI, emotion or
// TanStack Query for them; the Login dialog is in the page's HTML and opens before its code loads;
// a session that holds a token and no user data reads the user back.

/** MUI with emotion and TanStack Query: the back office's chunk (vite.config.ts `app-vendor`). */
const HEAVY_CHUNK = /\/assets\/app-vendor-[\w-]+\.js$/;

/**
 * The customer pages checked for heavy chunks, each with its header's dialogs and menus opened.
 * Add a page here once its screen is drawn without MUI (the dashboard's screens, the address
 * book, the payment pages).
 */
const LIGHT_PAGES = ['/', '/faqs/', '/order/', '/basket/', '/checkout/'];
/** My Account's screens, visited logged in (docs/decisions/0029: no MUI on them either). */
const ACCOUNT_PAGES = [
  '/dashboard/',
  '/dashboard/orders/',
  '/dashboard/profile/',
  '/dashboard/addresses/',
  '/dashboard/delete-account/',
];

const header = (page: Page) => page.getByTestId('site-header');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Every script the page asks for, from now on. */
function scriptsAsked(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

test('no customer page loads MUI, emotion or TanStack Query for its header, dialogs and menus', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const asked = scriptsAsked(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of LIGHT_PAGES) {
    await page.goto(path);
    await header(page).getByRole('button', { name: 'Login' }).click();
    const login = dialog(page, 'Login');
    await expect(login.getByRole('textbox', { name: 'Email' })).toBeFocused();
    // Before the code has run, Forgotten Password opens over Login (the browser's own command)
    // and Escape goes back to it; once it has run, the link switches dialogs. The steps below
    // expect the switch, so they wait for the code.
    await hydrated(page);
    await login.getByRole('button', { name: 'Forgotten Password?' }).click();
    await expect(dialog(page, 'Forgotten Password')).toBeVisible();
    // The code closes Login once Forgotten Password has been painted: Escape then closes both.
    await expect(login).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog(page, 'Forgotten Password')).toBeHidden();
    await expect(login).toBeHidden();
    await header(page).getByRole('button', { name: 'Register' }).click();
    await expect(dialog(page, 'Register').getByLabel('First Name')).toBeVisible();
    await dialog(page, 'Register').getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page, 'Register')).toBeHidden();
  }
  // Logged in, with a booking in the basket: the account menu and the basket's dropdown.
  const { email, password } = await registerCustomer(request);
  await bookBand(page, 'A');
  await header(page).getByRole('button', { name: 'Login' }).click();
  await logIn(page, email, password);
  const account = header(page).getByRole('button', { name: /My Account/ });
  await expect(account).toBeVisible();
  for (const path of [...LIGHT_PAGES, ...ACCOUNT_PAGES]) {
    await page.goto(path);
    await account.click();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await header(page).getByTestId('basket-menu').click();
    await expect(page.getByTestId('basket-menu-total')).toBeVisible();
    await page.keyboard.press('Escape');
  }
  expect(asked.filter((path) => HEAVY_CHUNK.test(path))).toEqual([]);
});

test('the Login dialog opens before the page has its code, and keeps what was typed', async ({
  page,
}) => {
  // Hold every script back: the dialog is in the page's HTML and the button opens it by itself.
  const release = await holdScripts(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/faqs/');
  // What reaches the document, where React listens: a press it sees while it hydrates makes it
  // hydrate the whole page before the browser paints the dialog.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { seen });
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
      document.addEventListener(type, () => seen.push(type), true);
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const opener = header(page).getByRole('button', { name: 'Login' });
  await opener.click();
  const login = dialog(page, 'Login');
  const email = login.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeFocused();
  expect(await seen()).toEqual([]);
  await email.click();
  expect(await seen()).toEqual(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
  await email.pressSequentially('ann@example.je');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  release();
  await hydrated(page);
  // The code took the dialog over: what was typed is the form's, and Send checks the rest.
  await expect(email).toHaveValue('ann@example.je');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByText('This field is required')).toHaveCount(1);
  // Forgotten Password? carries the address over.
  await login.getByRole('button', { name: 'Forgotten Password?' }).click();
  const forgotten = dialog(page, 'Forgotten Password');
  await expect(forgotten.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.je');
  await expect(login).toBeHidden();
  await forgotten.getByRole('button', { name: 'Back to Login' }).click();
  // Escape closes it, and the focus goes back to the page (its opener is in the header).
  await expect(dialog(page, 'Login')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Login')).toBeHidden();
  await opener.click();
  await expect(dialog(page, 'Login').getByRole('textbox', { name: 'Email' })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
});

test('what is done in the dialogs before the page has its code stands once it has', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Login' }).click();
  await dialog(page, 'Login').getByRole('button', { name: 'Forgotten Password?' }).click();
  await expect(dialog(page, 'Forgotten Password')).toBeVisible();
  // It takes Login's place, as it does once the code has run.
  await expect(dialog(page, 'Login')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Forgotten Password')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  release();
  await hydrated(page);
  // No press is made again behind the visitor's back: no dialog opens by itself.
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await header(page).getByRole('button', { name: 'Login' }).click();
  await expect(dialog(page, 'Login').getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Login')).toBeHidden();
});

// The basket is this browser's: its page is sent without it, and says nothing about it until the
// code has read it (a visitor with bookings was told the basket was empty, and the footer jumped).
test('the basket page says the basket is empty only once its code has read the basket', async ({
  page,
}) => {
  const release = await holdScripts(page);
  // (A screen's page holds its module scripts: neither its load nor its DOMContentLoaded comes.)
  await page.goto('/basket/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeVisible();
  await expect(page.getByText('Your basket is empty')).toHaveCount(0);
  release();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
});

// react-router.config.ts screenShells: from the SPA fallback, the browser would find a screen's
// code only after the framework had run, two round trips later on a slow phone.
test("a customer screen's page names the screen's own code, so it comes with the framework", async ({
  page,
  request,
}) => {
  // (Logged out: the checkout would send an empty basket on to the basket.)
  for (const path of ['/basket/', '/dashboard/', '/dashboard/orders/', '/payment/failure/']) {
    const html = await (await request.get(path)).text();
    const named = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      ([, href]) => href,
    );
    await page.goto(path);
    await hydrated(page);
    const screenModules = await page.evaluate(() => {
      const w = window as unknown as {
        __reactRouterDataRouter: { state: { matches: { route: { id: string } }[] } };
        __reactRouterManifest: { routes: Record<string, { module: string }> };
      };
      return w.__reactRouterDataRouter.state.matches.map(
        ({ route }) => w.__reactRouterManifest.routes[route.id]!.module,
      );
    });
    expect(screenModules.length, path).toBeGreaterThan(1);
    expect(named, path).toEqual(expect.arrayContaining(screenModules));
  }
});

test("My Account's screens take the place of Loading… without moving the footer into view", async ({
  page,
  request,
}) => {
  // A new customer's screens (no addresses, no orders) are shorter than a phone's screen.
  const { token } = await registerCustomer(request);
  const me = await request.get('/public/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  const user = await me.json();
  await page.addInitScript(
    ([stored, data]) => {
      localStorage.setItem('accessToken', stored);
      localStorage.setItem('userData', JSON.stringify(data));
      localStorage.setItem('userAbility', JSON.stringify(data.Ability));
    },
    [token, user] as const,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ACCOUNT_PAGES) {
    await page.goto(path);
    await expect(page.locator('.page-pending')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const footerShift = await page.evaluate(async () => {
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      const observer = new PerformanceObserver(() => undefined);
      observer.observe({ type: 'layout-shift', buffered: true });
      const entries = observer.takeRecords() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null }[];
      })[];
      observer.disconnect();
      const footer = document.querySelector('.site-footer');
      return entries
        .filter((entry) => entry.sources.some((source) => source.node === footer))
        .reduce((sum, entry) => sum + entry.value, 0);
    });
    expect(footerShift, path).toBe(0);
  }
});

test('a page loaded right after logging in, before the user data arrived, shows the customer logged in', async ({
  page,
  request,
}) => {
  const { email, password } = await registerCustomer(request);
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Login' }).click();
  // The log-in's GET /public/auth/me never answers: the customer moves on first.
  let meCalls = 0;
  await page.route('**/public/auth/me', async (route) => {
    meCalls += 1;
    if (meCalls === 1) return; // left unanswered; the navigation below drops it
    await route.continue();
  });
  const loggedIn = page.waitForResponse('**/public/auth/login');
  await logIn(page, email, password, { answered: false });
  await loggedIn;
  await expect.poll(() => meCalls).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();

  await page.goto('/checkout/');
  await expect(header(page).getByRole('button', { name: /My Account/ })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByTestId('login-gate')).toHaveCount(0);
  await expect(dialog(page, 'Login')).toBeHidden();
  expect(meCalls).toBe(2);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).Email)).toBe(
    email,
  );
});

test('the account menu opens from its button: Tab and the arrow keys move through its links, Escape closes and gives the focus back', async ({
  page,
  request,
}) => {
  const { email, password } = await registerCustomer(request, 'Tom');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/faqs/');
  await header(page).getByRole('button', { name: 'Login' }).click();
  await logIn(page, email, password);
  const button = header(page).getByRole('button', { name: /My Account/ });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Account menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'My Account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('button', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'My Account' })).toBeFocused();
  await expect(menu).toContainText(
    'Remember to book and pay for your delivery with us after ordering from retailers.',
  );
  expect(await axeProblems(page)).toEqual([]);
  // At 1280 px only: below the md breakpoint the drawer holds the account links.
  await page.screenshot({ path: 'tests/.artifacts/screenshots/shell-account-menu-1280.png' });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Down arrow on the button opens the menu at its first link.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'My Account' })).toBeFocused();
  // A link closes the menu as it goes.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/profile/');
  await expect(menu).toBeHidden();
  // Log Out from the menu.
  await button.click();
  await menu.getByRole('button', { name: 'Log Out' }).click();
  await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('the dialogs and the basket menu pass axe, at 375 and 1280 px', async ({ page }) => {
  await bookBand(page, 'A');
  await page.goto('/faqs/');
  await hydrated(page);
  for (const [name, open] of [
    ['Login', () => header(page).getByRole('button', { name: 'Login' }).click()],
    ['Register', () => header(page).getByRole('button', { name: 'Register' }).click()],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open();
    await expect(dialog(page, name)).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await viewportShots(page, `shell-${name.toLowerCase()}-dialog`);
    await dialog(page, name).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page, name)).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await header(page).getByRole('button', { name: 'Login' }).click();
  await dialog(page, 'Login').getByRole('button', { name: 'Forgotten Password?' }).click();
  await expect(dialog(page, 'Forgotten Password')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await viewportShots(page, 'shell-forgotten-password-dialog');
  await page.keyboard.press('Escape');

  const basket = header(page).getByTestId('basket-menu');
  const panel = page.getByTestId('basket-menu-panel');
  await viewportShots(page, 'shell-basket-menu', async () => {
    if (!(await panel.isVisible())) await basket.click();
    await expect(page.getByTestId('basket-menu-total')).not.toHaveText('…');
  });
  await expect(panel.getByTestId('basket-menu-item')).toHaveCount(1);
  expect(await axeProblems(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});
