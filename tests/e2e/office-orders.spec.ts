import type { APIRequestContext, Page } from '@playwright/test';
import type { OfficeToday } from '../../src/shared/api/office';
import type { CustomerOrder } from '../../src/shared/api/orders';
import { logIn } from './support/accounts';
import { axeProblems } from './support/booking';
import { depotCustomer, paidBooking, staffMember, type DepotCustomer } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { expectAudited, staffLogIn } from './support/staff';

// The office's Today, Quotes and Orders screens: an office member prices a quote the
// customer then accepts and pays; cancels a paid order with a refund the customer sees; and
// Today counts what changed.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A quote request of the customer's: a sofa larger than every band. */
async function requestQuote(request: APIRequestContext, customer: DepotCustomer) {
  const asked = await request.post('/public/orders/createquote', {
    headers: auth(customer.token),
    data: {
      size: { length: 2300, width: 1000, height: 900 },
      Weight: 85_000,
      ItemDescription: `Three-seat sofa ${Date.now()}`,
      ItemValue: 899.5,
      Island: 'Jersey',
      Notes: 'Ground floor, wide door.',
    },
  });
  expect(asked.status()).toBe(201);
  return (await asked.json()) as CustomerOrder;
}

/** The number on one of Today's tiles. */
const tile = (page: Page, label: string) =>
  page.getByRole('region', { name: label }).getByTestId('today-value');

async function officeLogIn(page: Page, request: APIRequestContext) {
  const office = await staffMember(request, 'office');
  await staffLogIn(page, office.email, office.password);
  return office;
}

test('the office prices a quote; the customer accepts and pays it; the office sees it paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await depotCustomer(request, 'Quinn');
  const quote = await requestQuote(request, customer);
  const office = await officeLogIn(page, request);

  const row =
    await test.step('the office lands on Today; Quotes lists the request as waiting', async () => {
      // The office lands on Today; Quotes lists the request as waiting.
      await expect(page).toHaveURL(/\/admin\/today\/$/);
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Quotes' })
        .click();
      await expect(page.getByRole('tab', { name: 'Waiting' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const row = page.getByTestId('quote-row').filter({ hasText: quote.Reference });
      await expect(row).toContainText(quote.ItemDescription);
      await screenshots(page, 'admin-quotes', [1280]);
      return row;
    });

  await test.step('the office prices it: the amount is checked before it is sent; the quote moves to Priced', async () => {
    // Price it: the amount is checked before it is sent, then the customer is e-mailed.
    await row.getByRole('button', { name: `Price ${quote.Reference}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send the price' }).click();
    await expect(dialog.getByRole('textbox', { name: /Price/ })).toHaveAccessibleDescription(
      'must be an amount in pounds',
    );
    await dialog.getByRole('textbox', { name: /Price/ }).fill('145.50');
    await dialog
      .getByRole('textbox', { name: 'Note to the customer' })
      .fill('Two-person delivery to the ground floor included.');
    await screenshots(page, 'admin-quote-price', [1280]);
    await dialog.getByRole('button', { name: 'Send the price' }).click();
    await expect(page.getByRole('status')).toContainText(`${quote.Reference} is priced at £145.50`);
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Priced' }).click();
    await expect(page).toHaveURL(/state=priced/);
    await expect(page.getByTestId('quote-row').filter({ hasText: quote.Reference })).toContainText(
      '£145.50',
    );
  });

  await test.step("the customer opens the e-mail's link, accepts and pays with the sandbox card", async () => {
    // The customer opens the link of the e-mail, accepts and pays with the sandbox card.
    const customerPage = await page.context().browser()!.newPage();
    await customerPage.goto(`/dashboard/quote/${quote.Id}`);
    await logIn(customerPage, customer.email, customer.password);
    await expect(customerPage.getByTestId('quote-price')).toHaveText('£145.50');
    await customerPage.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await customerPage.getByTestId('accept-quote').click();
    await expect(customerPage).toHaveURL(/\/sandbox\/checkout\//);
    await customerPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await customerPage.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await customerPage.getByLabel('Security code').fill('123');
    await customerPage.getByRole('button', { name: /^Pay / }).click();
    await expect(customerPage).toHaveURL(/\/payment\/success\//);
    await customerPage.close();
  });

  await test.step("the office sees it accepted, and paid on the order's page", async () => {
    // The office sees it accepted, and paid on the order's page.
    await page.getByRole('tab', { name: 'Accepted' }).click();
    const accepted = page.getByTestId('quote-row').filter({ hasText: quote.Reference });
    await expect(accepted).toContainText('Awaiting Parcel');
    await accepted.getByRole('link', { name: quote.Reference }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${quote.Reference}`);
    await expect(page.getByTestId('order-status')).toHaveText('Awaiting Parcel');
    await expect(page.getByTestId('office-payment')).toContainText('£145.50 for this order');
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
      'Awaiting Payment → Awaiting Parcel',
    );
  });

  await test.step('the audit log names who priced it', async () => {
    // The audit log names who priced it.
    await expectAudited(page, { record: quote.Reference, action: 'price' }, office);
  });
});

test('the office cancels a paid order with a refund; the customer sees it cancelled and refunded', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const customer = await depotCustomer(request, 'Rhea');
  const order = await paidBooking(request, customer, { description: 'Cast iron casserole' });
  const office = await officeLogIn(page, request);

  await test.step('the order found by its reference on the Orders list; the search stays in the address', async () => {
    // Found by its reference on the Orders list; the search stays in the address.
    await page.goto('/admin/orders/');
    await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
    await screenshots(page, 'admin-orders', [1280]);
    const search = page.getByRole('search', { name: 'Search orders' });
    await search.getByRole('textbox', { name: 'Order reference' }).fill(order.Reference);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`reference=${order.Reference}`));
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await page.getByRole('link', { name: order.Reference }).click();
    // The order is inside Orders: its link is marked (aria-current `true`), not as the page.
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  const refundable =
    await test.step("the order's page: a note goes on the timeline at once", async () => {
      await expect(page.getByTestId('order-status')).toHaveText('Awaiting Parcel');
      const refundable = (await page.getByTestId('refundable').textContent())!;
      expect(refundable).toMatch(/^£\d+\.\d{2}$/);
      // A note first: on the timeline at once.
      await page.getByRole('button', { name: 'Add a note' }).click();
      await page
        .getByRole('dialog')
        .getByRole('textbox', { name: 'Note' })
        .fill('Rang the customer');
      await page.getByRole('dialog').getByRole('button', { name: 'Add the note' }).click();
      await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Rang the customer');
      return refundable;
    });

  await test.step("a refund of more than was paid is refused with the API's words", async () => {
    // More than was paid is refused with the API's words.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = page.getByRole('dialog', { name: `Refund on ${order.Reference}` });
    const amount = refund.getByRole('textbox', { name: /Amount/ });
    await amount.fill('9999');
    await refund.getByRole('textbox', { name: 'Reason' }).fill('Goodwill');
    // A refusal that names a field shows on that field, as the browser's own check would, and
    // goes once the field changes (the answer is made up here: the real one names no field).
    await page.route(
      '**/api/admin/orders/*/refund',
      (route) =>
        route.fulfill({
          status: 400,
          json: {
            statusCode: 400,
            message: 'Validation failed',
            errors: [{ field: 'Amount', error: 'Not more than the order’s payments' }],
          },
        }),
      { times: 1 },
    );
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(amount).toHaveAccessibleDescription('Not more than the order’s payments');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(refund.getByRole('alert')).toHaveCount(0);
    await screenshots(page, 'admin-refund-field-error', [375, 1280]);
    await amount.fill('99999');
    await expect(amount).toHaveAttribute('aria-invalid', 'false');
    await amount.fill('9999');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(refund.getByRole('alert')).toHaveText(
      `At most ${refundable} can be refunded on this order.`,
    );
    // The browser logs the refused calls: expected here, and only those.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    consoleErrors.length = 0;
    await refund.getByRole('button', { name: 'Back' }).click();
  });

  await test.step('Cancel the order: the dialog says what is refunded and asks why; the order is cancelled', async () => {
    // Cancel: the confirm dialog says what is refunded, and asks why.
    await page.getByRole('button', { name: 'Cancel the order' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel ${order.Reference}?` });
    await cancel.getByRole('button', { name: `Cancel and refund ${refundable}` }).click();
    await expect(cancel.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Say why the order is cancelled',
    );
    await cancel.getByRole('textbox', { name: 'Reason' }).fill('The customer bought it locally');
    await screenshots(page, 'admin-order-cancel', [1280]);
    await cancel.getByRole('button', { name: `Cancel and refund ${refundable}` }).click();
    await expect(page.getByRole('status')).toHaveText(
      `${order.Reference} is cancelled and ${refundable} was refunded.`,
    );
    await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('refundable')).toHaveText('£0.00');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Awaiting Parcel → Cancelled');
    await expect(timeline).toContainText(`Refunded ${refundable}`);
    await expect(page.getByTestId('office-refund')).toContainText(`${refundable} from`);
    await expect(page.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
    await screenshots(page, 'admin-order', [1280]);
  });

  await test.step('the audit log names who cancelled it', async () => {
    // The audit log names who cancelled it (with its refund).
    await expectAudited(page, { record: order.Reference, action: 'cancel' }, office);
  });

  await test.step("the customer's own page says it was cancelled and refunded", async () => {
    // The customer's own page says it plainly.
    await page.goto(`/dashboard/orders/${order.Id}`);
    await logIn(page, customer.email, customer.password);
    await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('refund-notice')).toContainText('This order was cancelled on');
    await expect(page.getByTestId('refund-notice')).toContainText(
      `${refundable} was refunded to the card you paid with`,
    );
    await expect(page.getByTestId('refunded')).toContainText(refundable);
    await expect(page.getByTestId('refund-amount')).toHaveText(
      `${refundable} given back to the card you paid with`,
    );
    await screenshots(page, 'customer-order-refunded', [375, 1280]);
  });
});

// It counts every quote and booking made today, so no other journey may make one meanwhile:
// the @alone tag runs it after the others, by itself (playwright.config.ts).
test('Today shows the day’s numbers and the chart of bookings @alone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await depotCustomer(request, 'Tess');
  const chart = page.getByRole('table', { name: 'Bookings per day' });
  const { waiting, booked, todayBookings } =
    await test.step('the office logs in on Today and reads its numbers', async () => {
      await officeLogIn(page, request);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Today');
      return {
        waiting: Number(await tile(page, 'Quotes waiting').textContent()),
        booked: Number(await tile(page, 'Bookings this week').textContent()),
        todayBookings: Number(
          await chart.getByRole('row').last().getByRole('cell').last().textContent(),
        ),
      };
    });

  await test.step('a quote asked and a booking paid: each counted, today’s bar drawn', async () => {
    await requestQuote(request, customer);
    await paidBooking(request, customer);
    await page.reload();
    await expect(tile(page, 'Quotes waiting')).toHaveText(String(waiting + 1));
    await expect(tile(page, 'Bookings this week')).toHaveText(String(booked + 1));
    await expect(chart.getByRole('row')).toHaveCount(31);
    await expect(chart.getByRole('row').last().getByRole('cell').last()).toHaveText(
      String(todayBookings + 1),
    );
    await expect(page.getByRole('img', { name: /Bar chart of bookings per day/ })).toBeVisible();
    // A bar a day, today's (with the booking just made) drawn.
    const bars = page.locator('.MuiBarChart-element');
    await expect(bars).toHaveCount(30);
    await expect(bars.last()).toBeVisible();
    await screenshots(page, 'admin-today', [375, 1280]);
  });

  await test.step('a tile leads to its list', async () => {
    await page.getByRole('region', { name: 'Quotes waiting' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/quotes\/$/);
  });
});

// A quiet month: the numbers the server counts, each day's bookings 0 (the database the browser
// tests share has bookings every day they run, so the answer is the server's, emptied).
test('Today’s chart with no bookings keeps its axes and says so', async ({ page, request }) => {
  await page.route('**/api/admin/today', async (route) => {
    const answer = await route.fetch();
    const today = (await answer.json()) as OfficeToday;
    const json = {
      ...today,
      BookingsPerDay: today.BookingsPerDay.map((d) => ({ ...d, Bookings: 0 })),
    };
    await route.fulfill({ response: answer, json });
  });
  await officeLogIn(page, request);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Today');
  const chart = page.getByRole('img', { name: /Bar chart of bookings per day/ });
  await expect(chart).toHaveAccessibleName(
    'Bar chart of bookings per day: No bookings in this period',
  );
  // Drawn on the chart, across its axes: the days along, a scale up, and no bar.
  await expect(chart.getByText('No bookings in this period')).toBeVisible();
  await expect(chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')).toHaveCount(6);
  await expect(
    chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').first(),
  ).toHaveText('0');
  await expect(chart.locator('.MuiBarChart-element')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Bookings per day' }).getByRole('row')).toHaveCount(
    31,
  );
  expect(await axeProblems(page)).toEqual([]);
  await screenshots(page, 'admin-today-no-bookings', [375, 1280]);
});
