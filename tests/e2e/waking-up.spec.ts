// Waking up loses nothing (docs/decisions/0044): what a person does before a page's code has
// arrived and run stays as they did it. Each try opens the page in a fresh browser context (a
// cold cache) with the CPU slowed 4x, as a slow phone, and types at a person's pace (40 ms a key)
// from the first paint, while the code arrives and the page hydrates. Every value must be found
// in the field it was typed into, and a press that needs the code must be answered once.
// WAKE_TRIES sets the tries per screen: 2 in `npm test`, 25 in `npm run test:waking`.
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { logIn, registerCustomer, unique } from './support/accounts';
import { acceptTerms, bookBand, chooseBand, fillRetailer } from './support/booking';

const TRIES = Number(
  process.env.WAKE_TRIES ?? (process.env.npm_lifecycle_event === 'test:waking' ? 25 : 2),
);
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

/** A customer logged in on this site with a booking in the basket: the browser's state, kept. */
async function customerWithBasket(browser: Browser, request: APIRequestContext) {
  const { email, password, token } = await registerCustomer(request, 'Wendy');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Login' }).click();
  await logIn(page, email, password);
  await bookBand(page, 'A');
  return { context, page, token, state: await context.storageState() };
}

test('the booking’s details step: every field as typed while the page wakes up', async ({
  browser,
  request,
}) => {
  const prep = await customerWithBasket(browser, request);
  // A second booking, left at its details step.
  await prep.page.goto('/order/');
  await chooseBand(prep.page, 'B');
  await fillRetailer(prep.page, 'John Lewis');
  await acceptTerms(prep.page);
  await expect(prep.page.getByRole('heading', { level: 1 })).toHaveText('What are you sending?');
  const detailsUrl = new URL(prep.page.url()).pathname;
  const state = await prep.context.storageState();
  await prep.context.close();

  const seen = overlaps();
  for (let i = 0; i < TRIES; i++) {
    const { context, page, errors, awake } = await slowPage(browser, { storageState: state });
    await page.goto(detailsUrl, { waitUntil: 'commit' });
    const typed: [Locator, string][] = [
      [page.getByLabel('What is in the parcel?'), `Men’s leather boots ${i}`],
      [page.getByLabel('Value of the goods'), '64.25'],
      [page.getByLabel('Number of items'), '2'],
    ];
    await typed[0][0].waitFor();
    const before = await awake();
    for (const [field, text] of typed) await typeAt(page, field, text);
    const island = page.getByLabel('Destination island');
    await island.selectOption('Alderney');
    seen.note(before, await awake());
    for (const [field, text] of typed) await expect(field, `try ${i + 1}`).toHaveValue(text);
    await expect(island).toHaveValue('Alderney');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Any extras?');
    // What was typed is the booking's: back on the step, it is all there.
    await page.goBack();
    for (const [field, text] of typed) await expect(field, `try ${i + 1}`).toHaveValue(text);
    await expect(island).toHaveValue('Alderney');
    expect(errors).toEqual([]);
    await context.close();
  }
  seen.annotate('the details step');
});

test('the address form: every field as typed while the page wakes up, saved once', async ({
  browser,
  request,
}) => {
  const prep = await customerWithBasket(browser, request);
  await prep.context.close();
  const seen = overlaps();
  for (let i = 0; i < TRIES; i++) {
    const { context, page, errors, awake } = await slowPage(browser, { storageState: prep.state });
    const saves: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith('/public/addresses/create') && saves.push(r.method()),
    );
    await page.goto('/dashboard/addresses/', { waitUntil: 'commit' });
    const before = await awake();
    await page.getByRole('button', { name: 'Add a delivery address' }).click();
    const add = dialog(page, 'Add a delivery address');
    const line1 = `${10 + i} Rue de la Mare`;
    const typed: [Locator, string][] = [
      [add.getByRole('textbox', { name: 'Full Name' }), 'Wendy Le Brocq'],
      [add.getByRole('textbox', { name: 'Address Line 1' }), line1],
    ];
    for (const [field, text] of typed) await typeAt(page, field, text);
    await add.getByRole('combobox', { name: 'Island' }).selectOption('Jersey');
    await add.getByRole('combobox', { name: 'Parish' }).selectOption('St Helier');
    await typeAt(page, add.getByRole('textbox', { name: 'Postcode' }), 'JE2 3AB');
    seen.note(before, await awake());
    for (const [field, text] of typed) await expect(field, `try ${i + 1}`).toHaveValue(text);
    await expect(add.getByRole('combobox', { name: 'Parish' })).toHaveValue('St Helier');
    await expect(add.getByRole('textbox', { name: 'Postcode' })).toHaveValue('JE2 3AB');
    await add.getByRole('button', { name: 'Save Address' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('Your address has been saved.');
    expect(saves, `try ${i + 1}: saved once`).toEqual(['POST']);
    // Kept as typed (the Address Book shows ten a page: the API has them all).
    const res = await request.post('/public/addresses', {
      headers: { authorization: `Bearer ${prep.token}` },
      data: { options: { itemsPerPage: 100 } },
    });
    const { items } = (await res.json()) as { items: Record<string, string>[] };
    expect(items.filter((a) => a.Line1 === line1)).toMatchObject([
      { FullName: 'Wendy Le Brocq', Island: 'Jersey', Parish: 'St Helier', Postcode: 'JE2 3AB' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }
  seen.annotate('the address form');
});

test('the checkout: a box ticked and a code typed while the page wakes up stay so', async ({
  browser,
  request,
}) => {
  const prep = await customerWithBasket(browser, request);
  await prep.context.close();
  const seen = overlaps();
  for (let i = 0; i < TRIES; i++) {
    const { context, page, errors, awake } = await slowPage(browser, { storageState: prep.state });
    await page.goto('/checkout/', { waitUntil: 'commit' });
    const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
    const code = page.getByLabel('Discount code');
    await code.waitFor();
    const before = await awake();
    await typeAt(page, code, 'welcome10');
    await terms.check();
    seen.note(before, await awake());
    await expect(code, `try ${i + 1}`).toHaveValue('welcome10');
    await expect(terms, `try ${i + 1}`).toBeChecked();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('discount-applied')).toContainText('WELCOME10');
    await expect(terms, `try ${i + 1}`).toBeChecked();
    expect(errors).toEqual([]);
    await context.close();
  }
  seen.annotate('the checkout');
});
