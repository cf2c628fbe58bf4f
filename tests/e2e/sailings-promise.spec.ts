import type { APIRequestContext, Page } from '@playwright/test';
import { christmasEve } from '../../src/shared/book-by-dates';
import { ISLANDS } from '../../src/shared/islands';
import { logIn, registerCustomer } from './support/accounts';
import { acceptTerms, axeProblems, chooseBand, fillRetailer, stepShots } from './support/booking';
import { expect, test } from './support/fixtures';
import { depot, paidBooking } from './support/orders';

// The arrival date before paying (docs/decisions/0050): the booking's details and extras steps,
// the order confirmation, the basket, the checkout and the order page each show, for the
// booking's island, the sentence the timetable gives now (GET /public/sailings/promise), in
// words a person reads at a glance.

/** What the timetable promises a booking to `island` now, as the public call says it. */
async function promised(
  request: APIRequestContext,
  island: string,
  state = 'booked',
): Promise<string> {
  const res = await request.get(`/public/sailings/promise?Island=${island}&State=${state}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { Words: string }).Words;
}

const promise = (page: Page) => page.getByTestId('arrival-promise');

test('the booking, the basket, the checkout and the order page say when it arrives', async ({
  page,
  request,
}) => {
  await test.step('the details step: the sentence once the island is chosen', async () => {
    await page.goto('/order/');
    await chooseBand(page, 'M');
    await fillRetailer(page);
    await acceptTerms(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What are you sending?');
    await expect(promise(page)).toHaveCount(0);
    await page.getByLabel('Destination island').selectOption('Guernsey');
    const words = await promised(request, 'Guernsey');
    expect(words).toMatch(/^If it reaches us by .+, it arrives .+\.$/);
    await expect(promise(page).first()).toHaveText(words);
    // another island, another sentence (Alderney's boat is not every day)
    await page.getByLabel('Destination island').selectOption('Alderney');
    await expect(promise(page).first()).toHaveText(await promised(request, 'Alderney'));
    await page.getByLabel('Destination island').selectOption('Jersey');
    await expect(promise(page).first()).toHaveText(await promised(request, 'Jersey'));
    await page.getByLabel('What is in the parcel?').fill('Kettle');
    await page.getByLabel('Value of the goods').fill('25');
    await page.getByLabel('Number of items').fill('1');
    await stepShots(page, 'promise-details');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  const jersey = await promised(request, 'Jersey');
  await test.step('the extras step and the order confirmation', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Any extras?');
    await expect(promise(page)).toHaveText(jersey);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Added to your basket');
    await expect(promise(page)).toHaveText(jersey);
  });

  await test.step('the basket', async () => {
    await page.goto('/basket/');
    await expect(page.getByTestId('basket-item')).toHaveCount(1);
    await expect(page.getByTestId('basket-item').getByTestId('arrival-promise')).toHaveText(jersey);
    expect(await axeProblems(page)).toEqual([]);
    await stepShots(page, 'promise-basket');
  });

  await test.step('the checkout, once logged in', async () => {
    const { email, password } = await registerCustomer(request);
    await page.goto('/checkout/');
    await logIn(page, email, password);
    await expect(page.getByTestId('checkout-item')).toHaveCount(1);
    await expect(page.getByTestId('checkout-item').getByTestId('arrival-promise')).toHaveText(
      jersey,
    );
    await stepShots(page, 'promise-checkout');
  });
});

test('the order page of a paid booking says when it arrives, as its tracking page', async ({
  page,
  request,
}) => {
  const { email, password, order } = await paidBooking(request);
  await page.goto(`/dashboard/orders/${order.Id}/`);
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.Reference}`);
  // Awaiting Parcel: the booking's promise for Jersey.
  const arrival = page.getByTestId('order-arrival');
  await expect(arrival).toContainText(await promised(request, 'Jersey'));
  expect(await axeProblems(page)).toEqual([]);

  // Received at the depot: the sailing it leaves on.
  // a small parcel, measured as it came
  const size = { LengthMm: 300, WidthMm: 200, HeightMm: 100 };
  await depot(request, 'receive', { OrderReference: order.Reference, WeightGrams: 1200, ...size });
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Received at Depot');
  const atDepot = await promised(request, 'Jersey', 'at-depot');
  expect(atDepot).toMatch(/^It leaves on the sailing of /);
  await expect(arrival).toContainText(atDepot);
  await stepShots(page, 'promise-order');
});

test('the Christmas dates page lists each island’s last day from the timetable', async ({
  page,
  request,
}) => {
  const target = christmasEve(new Date().toISOString().slice(0, 10));
  const served = await (await request.get('/x-1/')).text();
  await page.goto('/x-1/');
  for (const island of ISLANDS) {
    const res = await request.get(`/public/sailings/book-by?Island=${island}&Target=${target}`);
    const { Words } = (await res.json()) as { Words: string };
    // written by the server into the page it sends, and kept by the browser
    expect(served).toContain(`<dd data-testid="book-by-${island}">${Words}</dd>`);
    await expect(page.getByTestId(`book-by-${island}`)).toHaveText(Words);
  }
  expect(await axeProblems(page)).toEqual([]);
  await stepShots(page, 'christmas-dates');
});
