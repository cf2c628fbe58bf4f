// A content page without code at rest (docs/decisions/0029): for a visitor the site knows nothing
// of, the page as served is the whole page (the settings, prices and offers written in by the
// server; Login, Register and the drawer opened by their buttons with no script), so its code is
// fetched only when the visitor reaches for the page. A visitor with state (a basket, a session)
// has the code at once, as their header is the code's to draw.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { holdScripts, hydrated, viewportShots } from './support/site';

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const isHydrated = () => document.documentElement.dataset.hydrated === 'true';

/** The scripts the page asks for, from now on. */
function scriptsAsked(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** Until the browser has been idle after the load (when the page's loader would start). */
const idleAfterLoad = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 2000 }),
      ),
  );

test('a content page fetches no code at rest for a new visitor, and at once for one with a basket', async ({
  page,
}) => {
  const asked = scriptsAsked(page);
  await page.goto('/faqs/');
  // What the settings say is in the page as served.
  await expect(page.getByTestId('receiving-hours')).toHaveText(
    '7am to 4pm, Monday to FridayClosed at weekends',
  );
  await idleAfterLoad(page);
  expect(asked).toEqual([]);
  expect(await page.evaluate(isHydrated)).toBe(false);
  // A key, a press or a focus reaches for the page: its code comes then.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.waitForFunction(isHydrated);
  expect(asked.some((path) => /^\/assets\/framework-react-[\w-]+\.js$/.test(path))).toBe(true);

  // A visitor with a basket: the header's count is the code's to draw, so it comes at rest.
  await page.evaluate(() => localStorage.setItem('BASKET', '[]'));
  await page.goto('/');
  await page.waitForFunction(isHydrated);
});

test('Register opens before the page has its code; what is typed and pressed meanwhile stands', async ({
  page,
}) => {
  const asked: string[] = [];
  const release = await holdScripts(page, { asked });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByTestId('site-header').getByRole('button', { name: 'Register' }).click();
  const register = dialog(page, 'Register');
  const firstName = register.getByRole('textbox', { name: 'First Name' });
  await expect(register.getByRole('combobox', { name: 'Title' })).toBeFocused();
  await viewportShots(page, 'register-before-code');
  await firstName.pressSequentially('Ada');
  await register.getByRole('combobox', { name: 'Island of Residence' }).selectOption('Sark');
  // Sent before the code: the browser does not send the form itself, the press is held.
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(register).toBeVisible();
  expect(await page.evaluate(isHydrated)).toBe(false);
  expect(asked.length).toBeGreaterThan(0);

  release();
  // Once the page's and the dialog's code have run, the press is made: the form checks what is
  // missing, and keeps what was typed and chosen.
  await expect(register.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription(
    'This field is required',
  );
  await expect(firstName).toHaveValue('Ada');
  await expect(firstName).not.toHaveAccessibleDescription('This field is required');
  await expect(
    register.getByRole('combobox', { name: 'Island of Residence' }),
  ).not.toHaveAccessibleDescription(/required/);
  // Back To Login is the code's now.
  await register.getByRole('button', { name: 'Back To Login' }).click();
  await expect(dialog(page, 'Login')).toBeVisible();
  await expect(register).toBeHidden();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('the drawer opens and closes before the page has its code; Login in it opens above it', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/faqs/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const drawer = dialog(page, 'Menu');
    await expect(drawer.getByRole('link', { name: 'How it works' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await burger.click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await burger.click();
    await drawer.getByRole('button', { name: 'Login' }).click();
    await expect(dialog(page, 'Login').getByRole('textbox', { name: 'Email' })).toBeFocused();
    expect(await page.evaluate(isHydrated)).toBe(false);

    release();
    await hydrated(page);
    // The code took both over as they were: closing Login goes back to the drawer, which the
    // burger now reports open, and Escape closes that too.
    await page.keyboard.press('Escape');
    await expect(dialog(page, 'Login')).toBeHidden();
    await expect(drawer).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  });
});
