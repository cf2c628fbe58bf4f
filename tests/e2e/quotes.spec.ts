import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { axeProblems, stepShots } from './support/booking';
import { logIn, registerCustomer } from './support/accounts';
import { jerseyDelivery } from '../support/addresses';
import type { CustomerOrder, QuoteRequest } from '../../src/shared/api/orders';

// Quotes in My Account: a customer's quote, priced by the office (the server's
// POST /dev/quotes/price until the back office exists), accepted with an extra and paid on the
// sandbox payment page; another declined after confirming; one still being priced.

const GOOD_CARD = '4242 4242 4242 4242';

const sofa: QuoteRequest = {
  size: { length: 2300, width: 1000, height: 900 },
  Weight: 85_000,
  ItemDescription: 'Three-seat sofa, boxed',
  ItemValue: 899.5,
  Island: 'Jersey',
  Notes: 'Ground floor, wide door.',
};

/** A customer with one Jersey delivery address (the choosers choose it by themselves). */
async function customer(request: APIRequestContext) {
  const account = await registerCustomer(request);
  const saved = await request.post('/public/addresses/create', {
    headers: { authorization: `Bearer ${account.token}` },
    data: jerseyDelivery(),
  });
  expect(saved.status()).toBe(201);
  return account;
}

/** A quote request of the customer's, priced by the office when `price` is given. */
async function quote(request: APIRequestContext, token: string, price?: number) {
  const asked = await request.post('/public/orders/createquote', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...sofa, ItemDescription: `${sofa.ItemDescription} ${Date.now()}` },
  });
  expect(asked.status()).toBe(201);
  const order = (await asked.json()) as CustomerOrder;
  if (price !== undefined) {
    const priced = await request.post('/dev/quotes/price', {
      data: {
        OrderReference: order.Reference,
        Amount: price,
        Note: 'Two-person delivery to the ground floor included.',
      },
    });
    expect(priced.status()).toBe(200);
  }
  return order;
}

async function openQuote(page: Page, id: number, account: { email: string; password: string }) {
  await page.goto(`/dashboard/quote/${id}`);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Quote ORD-\d{6}$/);
}

test('a quote accepted with an extra and paid', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await customer(request);
  const order = await quote(request, account.token, 145.5);
  await test.step('the quote opens priced at £145.50, with its note, description and island', async () => {
    await openQuote(page, order.Id, account);
    await expect(page).toHaveTitle('Your quote - Ferrybox');
    await expect(page.getByTestId('quote-price')).toHaveText('£145.50');
    await expect(page.getByTestId('quote-note')).toHaveText(
      'Two-person delivery to the ground floor included.',
    );
    await expect(page.getByTestId('quote-description')).toHaveText(order.ItemDescription);
    await expect(page.getByTestId('quote-island')).toHaveText('Jersey');
    await expect(page.getByTestId('quote-total')).toHaveText('£145.50');
  });

  await test.step('Accept with nothing ticked: the terms are asked for, and nothing is sent', async () => {
    await page.getByTestId('accept-quote').click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page).toHaveURL(`/dashboard/quote/${order.Id}`);
  });

  await test.step('an extra adds its price to the total; the only address chosen; the terms accepted', async () => {
    // An extra adds its price to the total; the address is the only one there is.
    await page.getByRole('checkbox', { name: /Signature on delivery/ }).check();
    await expect(page.getByTestId('quote-total')).toHaveText('£148.00');
    await expect(
      page
        .getByRole('radiogroup', { name: 'Delivery address' })
        .getByRole('radio', { name: /12 Rue de la Mare/ }),
    ).toBeChecked();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await expect(page.getByTestId('accept-quote')).toHaveText('Accept and pay £148.00');
    await stepShots(page, 'quote-ready');
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step("Accept and pay: the sandbox's payment page for £148.00, paid", async () => {
    // Accept: the sandbox's payment page, for the server's amount; pay there.
    await page.getByTestId('accept-quote').click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.getByRole('note')).toHaveText(/TEST MODE/);
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveText(/£148\.00/);
    await page.getByLabel('Card number').fill(GOOD_CARD);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/payment\/success\/\?ref=PAY-\d{6}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, your delivery is paid',
    );
    await expect(page.getByTestId('amount-paid')).toHaveText('£148.00');
    await expect(page.getByTestId('order-reference')).toHaveText(order.Reference);
  });

  await test.step('the quote says it was accepted and paid, with what was paid, and no actions', async () => {
    await page.goto(`/dashboard/quote/${order.Id}`);
    await expect(page.getByTestId('quote-state')).toHaveText(
      'You accepted and paid this quote: it is now an order.',
    );
    await expect(page.getByTestId('quote-total')).toHaveText('£148.00');
    await expect(page.getByTestId('accept-quote')).toHaveCount(0);
    await expect(page.getByTestId('decline-quote')).toHaveCount(0);
    await stepShots(page, 'quote-paid');
    expect(await axeProblems(page)).toEqual([]);
  });
});

test('a quote declined after confirming, and one still being priced', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await customer(request);
  const order = await quote(request, account.token, 89);
  const dialog = page.getByRole('dialog', { name: 'Decline this quote?' });
  await test.step('Decline asks first, with the price; Keep the quote keeps it', async () => {
    await openQuote(page, order.Id, account);
    await expect(page.getByTestId('quote-price')).toHaveText('£89.00');
    await page.getByTestId('decline-quote').click();
    await expect(dialog).toContainText('£89.00');
    await stepShots(page, 'quote-decline-dialog');
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep the quote' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('accept-quote')).toBeVisible();
  });

  await test.step('Decline: the quote is declined, nothing is due, and it stays so after a reload', async () => {
    await page.getByTestId('decline-quote').click();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('quote-state')).toHaveText(
      'You declined this quote, so nothing is due.',
    );
    await expect(page.getByTestId('accept-quote')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('quote-state')).toHaveText(
      'You declined this quote, so nothing is due.',
    );
    await stepShots(page, 'quote-declined');
  });

  await test.step('a quote not priced yet says so, without a price or actions', async () => {
    const waiting = await quote(request, account.token);
    await page.goto(`/dashboard/quote/${waiting.Id}`);
    await expect(page.getByTestId('quote-state')).toContainText(
      'We are still pricing this delivery',
    );
    await expect(page.getByTestId('quote-price')).toHaveCount(0);
    await expect(page.getByTestId('accept-quote')).toHaveCount(0);
    await stepShots(page, 'quote-requested');
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step("another customer's quote is not found; a non-digit id is the not-found page", async () => {
    const other = await customer(request);
    const theirs = await quote(request, other.token, 50);
    await page.goto(`/dashboard/quote/${theirs.Id}`);
    await expect(page.getByText('This quote was not found.')).toBeVisible();
    await page.goto('/dashboard/quote/abc');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  // The browser logs those two 404s; anything else still fails the test.
  const expected = /Failed to load resource: the server responded with a status of 404/;
  expect(consoleErrors.filter((e) => expected.test(e))).toHaveLength(2);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
});
