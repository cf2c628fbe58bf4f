// Waking up loses nothing (docs/decisions/0044): what a person does before a page's code has
// arrived and run stays as they did it. Each try opens the page in a fresh browser context (a
// cold cache) with the CPU slowed 4x, as a slow phone, and types at a person's pace (40 ms a key)
// from the first paint, while the code arrives and the page hydrates. Every value must be found
// in the field it was typed into, and a press that needs the code must be answered once.
// WAKE_TRIES sets the tries per screen: 2 in `npm test`, 25 in `npm run test:waking`.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerCustomer, unique } from './support/accounts';

const TRIES = Number(process.env.WAKE_TRIES ?? 2);
const KEY_MS = 40;

/** Long runs: each try is a cold page at a slow phone's pace. */
test.describe.configure({ timeout: Math.max(60_000, TRIES * 30_000) });

interface Slow {
  context: BrowserContext;
  page: Page;
  /** What the page logged as an error. */
  errors: string[];
  /** Whether the page had hydrated when this was called. */
  awake(): Promise<boolean>;
}

/** A page in a fresh context (empty cache) with the CPU 4x slower. */
async function slowPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<Slow> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  const awake = () => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
  return { context, page, errors, awake };
}

/** Clicks into a field as a person does and types into it at a person's pace. */
async function typeAt(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.type(text, { delay: KEY_MS });
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const header = (page: Page) => page.getByTestId('site-header');

/** Counts the tries whose typing overlapped the page's waking up (for the test's annotations). */
function overlaps() {
  let during = 0;
  return {
    note: (before: boolean, after: boolean) => {
      if (!before && after) during += 1;
    },
    annotate: (what: string) =>
      test.info().annotations.push({
        type: 'woke while typing',
        description: `${what}: ${during} of ${TRIES} tries`,
      }),
  };
}

for (const path of ['/', '/faqs/', '/order/']) {
  test(`Login on ${path}: typed from the first paint, found where it was typed, sent once`, async ({
    browser,
    request,
  }) => {
    const seen = overlaps();
    for (let i = 0; i < TRIES; i++) {
      const who = await registerCustomer(request);
      const { context, page, errors, awake } = await slowPage(browser);
      const logins: string[] = [];
      page.on('request', (r) => r.url().endsWith('/public/auth/login') && logins.push(r.method()));
      await page.goto(path, { waitUntil: 'commit' });
      await header(page).getByRole('button', { name: 'Login' }).click();
      const login = dialog(page, 'Login');
      const email = login.getByRole('textbox', { name: 'Email' });
      const password = login.getByRole('textbox', { name: 'Password', exact: true });
      const before = await awake();
      // The browser put the focus in the e-mail field; Tab goes on to the password.
      await page.keyboard.type(who.email, { delay: KEY_MS });
      await page.keyboard.press('Tab', { delay: KEY_MS });
      await page.keyboard.type(who.password, { delay: KEY_MS });
      seen.note(before, await awake());
      await expect(email, `try ${i + 1}`).toHaveValue(who.email);
      await expect(password, `try ${i + 1}`).toHaveValue(who.password);
      await expect(password).toHaveAttribute('type', 'password');
      await page.keyboard.press('Enter');
      await expect(login, `try ${i + 1}: logged in`).toBeHidden();
      await expect(header(page).getByTestId('user-menu').getByRole('button')).toHaveAccessibleName(
        /Ann/,
      );
      expect(logins, `try ${i + 1}: one login sent`).toEqual(['POST']);
      expect(errors).toEqual([]);
      await context.close();
    }
    seen.annotate(`Login on ${path}`);
  });

  test(`Register on ${path}: pressed in Login before the code, one dialog, every field as typed`, async ({
    browser,
  }) => {
    const seen = overlaps();
    for (let i = 0; i < TRIES; i++) {
      const { context, page, errors, awake } = await slowPage(browser);
      await page.goto(path, { waitUntil: 'commit' });
      await header(page).getByRole('button', { name: 'Login' }).click();
      const before = await awake();
      await dialog(page, 'Login').getByRole('button', { name: 'Register' }).click();
      const register = dialog(page, 'Register');
      const email = `wake.${unique()}@example.je`;
      const typed: [Locator, string][] = [
        [register.getByRole('textbox', { name: 'First Name' }), 'Nicole'],
        [register.getByRole('textbox', { name: 'Last Name' }), 'Le Sueur'],
        [register.getByRole('textbox', { name: 'Email' }), email],
        [register.getByRole('textbox', { name: 'Password', exact: true }), 'Gorey-Harbour-77'],
        [register.getByRole('textbox', { name: 'Confirm Password' }), 'Gorey-Harbour-77'],
      ];
      for (const [field, text] of typed) await typeAt(page, field, text);
      const island = register.getByRole('combobox', { name: 'Island of Residence' });
      await island.selectOption('Guernsey');
      const terms = register.getByRole('switch', { name: /I agree to the terms/ });
      await terms.check();
      seen.note(before, await awake());
      await expect(dialog(page, 'Login'), `try ${i + 1}: Login closed under Register`).toBeHidden();
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(1);
      for (const [field, text] of typed) await expect(field, `try ${i + 1}`).toHaveValue(text);
      await expect(island).toHaveValue('Guernsey');
      await expect(terms).toBeChecked();
      // Once awake, the form is the code's with everything in it: Escape closes Register alone.
      await expect.poll(awake).toBe(true);
      for (const [field, text] of typed) await expect(field, `try ${i + 1}`).toHaveValue(text);
      await expect(terms).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(register).toBeHidden();
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      expect(errors).toEqual([]);
      await context.close();
    }
    seen.annotate(`Register on ${path}`);
  });
}
