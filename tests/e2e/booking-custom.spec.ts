import type { Page } from '@playwright/test';
import { logIn, registerCustomer } from './support/accounts';
import { expect, test } from './support/fixtures';
import { holdScripts, hydrated } from './support/site';
import {
  acceptTerms,
  fillDetails,
  fillRetailer,
  stepShots,
  storedBookings,
} from './support/booking';

/** 42 × 30 × 18 cm, 3 kg: too big for A (35 × 25 × 16), fits B (45 × 35 × 20) turned round. */
async function fillSize(page: Page) {
  const size = (field: string) => page.getByRole('textbox', { name: field, exact: true });
  await size('Length').fill('18');
  await size('Width').fill('42');
  await size('Height').fill('30');
  await size('Weight').fill('3');
}

test('a size typed before the page has its code is the booking’s once it has', async ({ page }) => {
  // The first booking screen paints from its HTML; hold its code back while the size is typed.
  const release = await holdScripts(page);
  await page.goto('/order/');
  await fillSize(page);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  release();
  await hydrated(page);
  await expect(page.getByTestId('size-result')).toContainText(
    'fits Price Band B (Medium parcel) for £9.95',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/order/retailer/1');
  expect((await storedBookings(page)).orders['ORDER-1']).toMatchObject({ ProductId: 2 });
});

test('a custom size is offered the smallest band it fits, in any orientation', async ({ page }) => {
  await page.goto('/order/');
  const size = (field: string) => page.getByRole('textbox', { name: field, exact: true });
  await fillSize(page);
  const result = page.getByTestId('size-result');
  await expect(result).toContainText('fits Price Band B (Medium parcel) for £9.95');
  await expect(page.getByRole('radio', { name: /^Price Band B\b/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Price Band A\b/ })).toHaveCount(0);
  await expect(page.getByTestId('bands-too-small')).toHaveText(
    'Too small for your parcel: Price Band A.',
  );
  // A larger band may be chosen instead.
  await page.getByRole('radio', { name: /^Price Band D\b/ }).check();
  await expect(result).toContainText('You have chosen the larger Price Band D.');
  // Heavier than B allows: the smallest band for the weight.
  await size('Weight').fill('12');
  await expect(result).toContainText('fits Price Band C (Large parcel) for £12.95');
  await expect(page.getByRole('radio', { name: /^Price Band D\b/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Price Band C\b/ }).check();
  await stepShots(page, 'booking-custom-size');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/order/retailer/1');
  const stored = await storedBookings(page);
  expect(stored.orders['ORDER-1']).toMatchObject({
    ProductId: 3,
    size: { length: 180, width: 420, height: 300 },
    Weight: 12000,
  });
  // A band with the customer's own size is labelled by its code (docs/requirements.md §9).
  await fillRetailer(page);
  await acceptTerms(page);
  await fillDetails(page);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByTestId('confirm-label')).toHaveText('Price Band C');
  await expect(page.getByTestId('confirm-total')).toHaveText('£12.95');
});

test('the calculator prices a size before any booking', async ({ page }) => {
  await page.goto('/calculator/');
  await expect(page).toHaveTitle('Delivery price calculator - Ferrybox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery price calculator');
  await page.getByRole('textbox', { name: 'Length', exact: true }).fill('95');
  await page.getByRole('textbox', { name: 'Width', exact: true }).fill('55');
  await page.getByRole('textbox', { name: 'Height', exact: true }).fill('50');
  await page.getByRole('textbox', { name: 'Weight', exact: true }).fill('20');
  await expect(page.getByTestId('size-result')).toContainText('Price Band G');
  await expect(page.getByTestId('chosen-band')).toHaveText('Price Band G: £34.95 before extras');
  expect((await storedBookings(page)).index).toBeNull(); // nothing booked yet
  await stepShots(page, 'booking-calculator');
  await page.getByRole('button', { name: 'Book this delivery' }).click();
  await expect(page).toHaveURL('/order/retailer/1');
});

test('a size that fits nothing offers a quote, sent after logging in', async ({
  page,
  request,
}) => {
  // A customer to log in as.
  const { email, password } = await registerCustomer(request);

  await page.goto('/order/');
  await page.getByRole('textbox', { name: 'Length', exact: true }).fill('230');
  await page.getByRole('textbox', { name: 'Width', exact: true }).fill('100');
  await page.getByRole('textbox', { name: 'Height', exact: true }).fill('90');
  await page.getByRole('textbox', { name: 'Weight', exact: true }).fill('85');
  await expect(page.getByTestId('size-result')).toContainText(
    'larger or heavier than our biggest price band',
  );
  await expect(page.getByTestId('band-option')).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a quote' }).click();

  // The quote form keeps the size entered.
  await expect(page).toHaveURL('/quote/?length=230&width=100&height=90&weight=85');
  await expect(page.getByRole('textbox', { name: 'Length', exact: true })).toHaveValue('230');
  await page.getByRole('textbox', { name: 'What is it?' }).fill('Three-seat sofa, boxed');
  await page.getByRole('textbox', { name: 'Value of the goods' }).fill('899.50');
  await page.getByLabel('Destination island').selectOption('Guernsey');
  await page.getByRole('textbox', { name: 'Anything we should know' }).fill('Ground floor.');
  await stepShots(page, 'booking-quote');
  await page.getByRole('button', { name: 'Send quote request' }).click();

  // Sending needs a login: the dialog says why; after logging in, the request goes.
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(
    'Please log in to send your quote request. What you entered is kept.',
  );
  await logIn(page, email, password);

  await expect(page).toHaveURL(/\/quote-confirm\/\?ref=ORD-\d{6}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote request sent');
  const reference = await page.getByTestId('quote-reference').textContent();
  await stepShots(page, 'booking-quote-confirm');

  // Stored on the server for this customer.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const list = await request.post('/public/orders', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.status()).toBe(200);
  const { Orders } = (await list.json()) as { Orders: { Reference: string }[] };
  expect(Orders).toEqual([
    expect.objectContaining({
      Reference: reference,
      StatusId_Name: 'Quote Requested',
      ItemDescription: 'Three-seat sofa, boxed',
      ItemValue: 899.5,
      size: { length: 2300, width: 1000, height: 900 },
    }),
  ]);
});

test('ids must be digits, and steps go where the booking stands', async ({ page }) => {
  await page.goto('/order/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('missing-path')).toHaveText('/order/abc');
  await page.goto('/order/details/x1');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/calculator/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // A booking that does not exist starts a new one.
  await page.goto('/order/retailer/99');
  await expect(page).toHaveURL('/order/');
  await page.goto('/order/7');
  await expect(page).toHaveURL('/order/');

  // Out of order: the first step the booking still needs.
  await page.getByRole('radio', { name: /^Price Band A\b/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/order/retailer/1');
  await page.goto('/order/additions/1');
  await expect(page).toHaveURL('/order/retailer/1');
  await page.goto('/order-confirm/?id=1');
  await expect(page).toHaveURL('/order/retailer/1');
  await page.goto('/order-confirm/');
  await expect(page).toHaveURL('/basket/');

  // What was entered is kept when moving back and forth.
  await page.goto('/order/retailer/1');
  await page.getByRole('textbox', { name: 'Retailer', exact: true }).fill('Currys');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL('/order/1'.replace('/order/1', '/order/size/1'));
  await expect(page.getByRole('radio', { name: /^Price Band A\b/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Retailer', exact: true })).toHaveValue('Currys');
});

test('a new booking’s first screen comes prerendered, so it paints before its code loads', async ({
  page,
}) => {
  for (const [url, title, heading] of [
    ['/order/', 'Add a delivery - Ferrybox', 'What size is your parcel?'],
    ['/calculator/', 'Delivery price calculator - Ferrybox', 'Delivery price calculator'],
  ]) {
    const html = await (await page.request.get(url)).text();
    expect(html, url).toContain(`<title>${title}</title>`);
    expect(html, url).toContain(`>${heading}</h1>`);
    expect(html, url).toContain('Or choose a price band');
    expect(html, url).toMatch(/<meta name="description" content="[^"]{60,}"/);
    expect(html, url).toContain(`<link rel="canonical" href="http://localhost:3000${url}"/>`);
  }
  // Both are pages search engines should find.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/order/</loc>');
  expect(sitemap).toContain('/calculator/</loc>');
  // With scripts off, the page as served still shows the step.
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto('/order/');
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText('What size is your parcel?');
  await context.close();
});

test('the first booking screen works without MUI, and fetches the next step once a band is chosen', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js'))
      scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/order/');
  await expect(page.getByTestId('band-option')).toHaveCount(13);
  // The size step is usable on the site's own code: MUI and TanStack Query are not loaded.
  expect(scripts.filter((path) => /\/assets\/app-(vendor|providers)-/.test(path))).toEqual([]);

  // Choosing a band fetches the retailer step's code before Continue.
  const retailerCode = page.waitForRequest(/\/assets\/order-retailer-[\w-]+\.js$/);
  await page.getByRole('radio', { name: /^Price Band A\b/ }).check();
  await retailerCode;
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which retailer is sending it?');
  await expect(page.getByLabel('Expected at our depot')).toBeVisible();
});

test('the retailer step and its date picker load no MUI; the picker works by keyboard', async ({
  page,
}) => {
  await test.step('band A chosen: Continue leads to the retailer step', async () => {
    await page.goto('/order/');
    await page.getByRole('radio', { name: /^Price Band A\b/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/order/retailer/1');
  });

  const { date, mui } =
    await test.step("opened directly, the step works on the site's own code, with no MUI", async () => {
      // Opened directly (a full page load): the step works on the site's own code.
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' || request.url().endsWith('.js'))
          scripts.push(new URL(request.url()).pathname);
      });
      await page.reload();
      const date = page.getByLabel('Expected at our depot');
      await expect(date).toHaveAttribute('placeholder', 'Pick date');
      await expect(date).toHaveAttribute('readonly', '');
      const mui = () => scripts.filter((path) => /\/assets\/app-(vendor|providers)-/.test(path));
      expect(scripts.some((path) => /\/assets\/order-retailer-/.test(path))).toBe(true);
      expect(mui()).toEqual([]);
      return { date, mui };
    });

  const { picker, sameDay } =
    await test.step('the keyboard opens the picker on today; PageDown shows the next month', async () => {
      // The keyboard opens the picker (a native dialog): the day with the focus, the arrow keys
      // moving it, PageDown the month, Enter choosing; no MUI loads for it.
      await date.focus();
      await page.keyboard.press('Enter');
      const picker = page.getByRole('dialog', { name: 'Select date' });
      await expect(picker).toBeVisible();
      const today = new Date();
      const focusedDay = picker.getByRole('gridcell', {
        name: String(today.getDate()),
        exact: true,
      });
      await expect(focusedDay).toBeFocused();
      await page.keyboard.press('PageDown');
      // The same day a month on (the month's last day when it has none), that week's Monday, then
      // the day after it.
      const lastDay = new Date(today.getFullYear(), today.getMonth() + 2, 0).getDate();
      const sameDay = new Date(
        today.getFullYear(),
        today.getMonth() + 1,
        Math.min(today.getDate(), lastDay),
      );
      const monthName = sameDay.toLocaleDateString('en-GB', { month: 'long' });
      await expect(
        picker.getByRole('grid', { name: `${monthName} ${sameDay.getFullYear()}` }),
      ).toBeVisible();
      return { picker, sameDay };
    });

  await test.step('Home, then the day after, chosen with Enter and OK: that Tuesday in the field, then cleared', async () => {
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(picker.locator('[aria-selected="true"]')).toBeFocused();
    await picker.getByRole('button', { name: 'OK' }).click();
    await expect(picker).toBeHidden();
    await expect(date).toBeFocused();
    const tuesday = new Date(sameDay);
    tuesday.setDate(sameDay.getDate() - ((sameDay.getDay() + 6) % 7) + 1);
    const shown = [tuesday.getDate(), tuesday.getMonth() + 1].map((n) =>
      String(n).padStart(2, '0'),
    );
    await expect(date).toHaveValue(`${shown.join('-')}-${tuesday.getFullYear()}`);
    await page.getByRole('button', { name: 'Clear date' }).click();
    await expect(date).toHaveValue('');
  });

  await test.step('the picker from its button: no MUI, 290 px wide; Cancel keeps the field empty, OK fills it, clear empties it', async () => {
    await page.getByRole('button', { name: 'Choose date' }).click();
    expect(mui()).toEqual([]);
    expect(Math.round((await picker.boundingBox())?.width ?? 0)).toBe(290);
    await expect(picker.getByRole('button', { name: 'OK' })).toHaveCSS('color', 'rgb(0, 121, 107)');
    // Cancel keeps the field empty; OK emits the day; the clear button empties it again.
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toBeHidden();
    await expect(date).toHaveValue('');
    await page.getByRole('button', { name: 'Choose date' }).click();
    await picker.getByRole('gridcell', { name: '15' }).click();
    await picker.getByRole('button', { name: 'OK' }).click();
    await expect(date).toHaveValue(/^15-\d\d-\d{4}$/);
    await page.getByRole('button', { name: 'Clear date' }).click();
    await expect(date).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear date' })).toHaveCount(0);
  });
});

test('the size step says so when the prices cannot be loaded', async ({ page, consoleErrors }) => {
  await page.route('**/api/products', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/order/');
  await expect(page.getByRole('alert')).toHaveText(
    'Prices could not be loaded just now. Please refresh the page.',
  );
  await expect(page.getByTestId('band-option')).toHaveCount(0);
  // The browser reports the failed call; nothing else went wrong.
  expect(consoleErrors.filter((e) => !/503/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});
