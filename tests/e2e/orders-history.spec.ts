import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, registerCustomer } from './support/accounts';
import { axeProblems } from './support/booking';
import { expect, screenshots, test } from './support/fixtures';
import { animationsSettled } from './support/site';

// Order History and My Account: a customer with 23 quote requests (one priced by the
// office, one cancelled, one with an invoice owed) sees on My Account the quote to answer and
// the invoice to pay, then pages, searches and filters the history, which never shows the
// cancelled order; a new customer sees the empty history with a link to book.

const QUOTES = 23;

async function call(request: APIRequestContext, url: string, data: object, token?: string) {
  const res = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Quote requests made through the API, oldest first: references and ids. */
async function quoteRequests(request: APIRequestContext, token: string, count: number) {
  const made: { Id: number; Reference: string }[] = [];
  for (let i = 1; i <= count; i++) {
    made.push(
      await call(
        request,
        '/public/orders/createquote',
        {
          size: { length: 2300, width: 1000, height: 900 },
          Weight: 60_000,
          ItemDescription: `Garden bench ${i}`,
          ItemValue: 150 + i,
          Island: i % 2 ? 'Jersey' : 'Guernsey',
        },
        token,
      ),
    );
  }
  return made;
}

/** Whether the page is no wider than the window (nothing sticks out sideways). */
const fitsTheWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const rows = (page: Page) =>
  page.getByRole('table', { name: 'Your orders' }).getByTestId('order-row');
const cards = (page: Page) => page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');

test('the customer answers what needs them, then pages, searches and filters the history', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, password, token } = await registerCustomer(request, 'Hettie');
  const made = await quoteRequests(request, token, QUOTES);
  const [priced, owing, cancelled] = [made[4], made[7], made[QUOTES - 1]];
  await call(request, '/dev/quotes/price', { OrderReference: priced.Reference, Amount: 64.5 });
  const invoice = (await call(request, '/dev/invoices', {
    OrderReference: owing.Reference,
    Amount: 12.5,
    Reason: 'Storage of an oversized parcel',
  })) as { Id: number; Reference: string };
  await call(request, '/dev/orders/cancel', { OrderReference: cancelled.Reference });

  await test.step('My Account: the quote to answer and the invoice to pay, before the UK address', async () => {
    // --- My Account: what needs the customer now, before the UK address -------------------------
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/');
    await logIn(page, email, password);
    const needs = page.getByRole('region', { name: 'What needs you now' });
    const quotes = needs.getByRole('region', { name: /^Quotes to answer/ });
    await expect(quotes).toContainText(`${priced.Reference} £64.50`);
    await expect(
      quotes.getByRole('link', { name: `Answer the quote for ${priced.Reference}` }),
    ).toHaveAttribute('href', `/dashboard/quote/${priced.Id}`);
    const invoices = needs.getByRole('region', { name: /^Invoices to pay/ });
    await expect(invoices).toContainText(`${invoice.Reference} £12.50 for ${owing.Reference}`);
    await expect(
      invoices.getByRole('link', { name: `Pay invoice ${invoice.Reference} of £12.50` }),
    ).toHaveAttribute('href', `/dashboard/pay/${invoice.Id}`);
    await expect(needs.getByRole('region', { name: /^Parcels at the depot/ })).toHaveCount(0);
    // It comes before the UK shipping address.
    const needsBox = await needs.boundingBox();
    const cardBox = await page.getByRole('main').getByTestId('shipping-address-card').boundingBox();
    expect(needsBox!.y).toBeLessThan(cardBox!.y);
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('the user menu open over it, and at 375 px: no axe problems, nothing wider than the window', async () => {
    // The user menu open over it too (a list holding no list items was once found there).
    await page
      .getByTestId('site-header')
      .getByRole('button', { name: /My Account/ })
      .click();
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
    // Once it has faded in: half-way, axe would measure the contrast of half-transparent text.
    await animationsSettled(page);
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeHidden();
    expect(await fitsTheWidth(page)).toBe(true);
    await screenshots(page, 'dashboard-home');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeProblems(page)).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
  });

  await test.step('Order History: 22 shown (the cancelled one never), newest first, 20 a page', async () => {
    // --- Order History: 22 shown (the cancelled one never), newest first, 20 a page -------------
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole('navigation', { name: 'My Account' })
      .getByRole('link', { name: 'Order History' })
      .click();
    await expect(page).toHaveURL('/dashboard/orders/');
    await expect(page).toHaveTitle(/^Order History - /);
    await expect(page.getByTestId('orders-count')).toHaveText(`Orders 1–20 of ${QUOTES - 1}`);
    await expect(rows(page)).toHaveCount(20);
    await expect(rows(page).first()).toContainText(made[QUOTES - 2].Reference);
    await expect(page.getByText(cancelled.Reference)).toHaveCount(0);
  });

  await test.step("the rows link to the quote to answer, the invoice to pay and each order's page", async () => {
    const pricedRow = rows(page).filter({ hasText: priced.Reference });
    await expect(pricedRow).toContainText('Quote Ready');
    await expect(pricedRow).toContainText('£64.50 quoted');
    await expect(pricedRow.getByRole('link', { name: /^Answer the quote/ })).toHaveAttribute(
      'href',
      `/dashboard/quote/${priced.Id}`,
    );
    await expect(
      rows(page)
        .filter({ hasText: owing.Reference })
        .getByRole('link', { name: /^Pay invoice/ }),
    ).toHaveAttribute('href', `/dashboard/pay/${invoice.Id}`);
    await expect(page.getByRole('link', { name: made[QUOTES - 2].Reference })).toHaveAttribute(
      'href',
      `/dashboard/orders/${made[QUOTES - 2].Id}`,
    );
    expect(await axeProblems(page)).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
  });

  await test.step('the whole table shows at 1280 px; cards on a phone', async () => {
    // The whole table shows, with no scrolling inside its frame.
    const table = page.getByRole('table', { name: 'Your orders' });
    expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    await screenshots(page, 'orders-history');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(cards(page)).toHaveCount(20);
    await expect(rows(page).first()).toBeHidden(); // cards on a phone, not the table
    expect(await axeProblems(page)).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('page 2: the two oldest, kept through back, forward and a reload', async () => {
    // Page 2: the two oldest; the address keeps it through back, forward and a reload.
    await page.getByRole('link', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL('/dashboard/orders/?page=2');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).last()).toContainText(made[0].Reference);
    await expect(page.getByText(cancelled.Reference)).toHaveCount(0);
    await page.goBack();
    await expect(rows(page)).toHaveCount(20);
    await page.goForward();
    await expect(rows(page)).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId('orders-count')).toHaveText(`Orders 21–22 of ${QUOTES - 1}`);
    // A page past the last (an old link) shows the last one.
    await page.goto('/dashboard/orders/?page=9');
    await expect(page).toHaveURL('/dashboard/orders/?page=2');
    await expect(rows(page)).toHaveCount(2);
  });

  await test.step('Date: oldest first', async () => {
    // Oldest first, by the Date column.
    await page.getByRole('button', { name: 'Date' }).click();
    await expect(page).toHaveURL('/dashboard/orders/?dir=asc');
    await expect(rows(page).first()).toContainText(made[0].Reference);
  });

  await test.step('a status filter: Quote Ready shows the priced quote', async () => {
    // A status filter, and a search by reference; each is one step back.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Quote Ready');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(priced.Reference);
  });

  await test.step('a search made while the filter still loads keeps that filter', async () => {
    // A search made while the last filter still loads (its answer held back) keeps that filter.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/public/orders',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole('combobox', { name: 'Status' }).selectOption('All statuses');
    await page
      .getByRole('searchbox', { name: 'Search orders' })
      .fill(owing.Reference.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    release();
    await expect(page).toHaveURL(`/dashboard/orders/?q=${owing.Reference.toLowerCase()}&dir=asc`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(owing.Reference);
  });

  await test.step('a search for the cancelled order finds nothing; back restores the last search; Show all orders clears it', async () => {
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(cancelled.Reference);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`No orders match “${cancelled.Reference}”.`)).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(
      owing.Reference.toLowerCase(),
    );
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('nothing like it');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Show all orders' }).click();
    await expect(page).toHaveURL('/dashboard/orders/');
    await expect(rows(page)).toHaveCount(20);
  });
});

test('a new customer’s history is empty, with a way to book', async ({ page, request }) => {
  const { email, password } = await registerCustomer(request, 'Nell');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard/orders/');
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { level: 2, name: 'No orders yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a delivery' }).last()).toHaveAttribute(
    'href',
    '/order/',
  );
  expect(await axeProblems(page)).toEqual([]);
  await screenshots(page, 'orders-history-empty');

  await page.goto('/dashboard/');
  await expect(page.getByTestId('nothing-needed')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});
