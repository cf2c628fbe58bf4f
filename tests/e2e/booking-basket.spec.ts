import { expect, test } from './support/fixtures';
import { axeProblems, bookBand, stepShots, storedBookings } from './support/booking';

test('edit a basket item and see the total change; reload, remove and empty', async ({ page }) => {
  await bookBand(page, 'A');
  await bookBand(page, 'B', { description: 'Jumpers', value: '60', island: 'Sark' });

  const items = await test.step('the basket shows the two bookings: £16.90', async () => {
    await page.goto('/basket/');
    const items = page.getByTestId('basket-item');
    await expect(items).toHaveCount(2);
    await expect(page.getByTestId('basket-total')).toHaveText('£16.90'); // 6.95 + 9.95
    await expect(page.getByTestId('basket-count')).toHaveText('2');
    return items;
  });

  await test.step("the first booking's band edited: back into its steps, then straight back to the basket", async () => {
    // Edit the first booking's band: back into its steps, then straight back to the basket.
    await page.getByRole('link', { name: 'Edit Small parcel' }).click();
    await expect(page).toHaveURL('/order/size/1');
    await expect(page.getByRole('radio', { name: /^Price Band A\b/ })).toBeChecked();
    await page.getByRole('radio', { name: /^Price Band C\b/ }).check();
    await page.getByRole('button', { name: 'Save and return to basket' }).click();
    await expect(page).toHaveURL('/basket/');
    await expect(items.first().getByTestId('item-title')).toHaveText('Large parcel');
    await expect(page.getByTestId('basket-total')).toHaveText('£22.90'); // 12.95 + 9.95
  });

  await test.step('its extras edited through the steps: the confirmation and the basket follow', async () => {
    // Edit its extras through the steps: the confirmation and the basket follow.
    await page.getByRole('link', { name: 'Edit Large parcel' }).click();
    await page.getByRole('link', { name: /Step 5: Extras/ }).click();
    await expect(page).toHaveURL('/order/additions/1');
    await page.getByRole('checkbox', { name: /Repacking/ }).check();
    await page.getByRole('button', { name: 'Update basket' }).click();
    await expect(page.getByTestId('confirm-total')).toHaveText('£20.45');
    await page.goto('/basket/');
    await expect(page.getByTestId('basket-total')).toHaveText('£30.40'); // 20.45 + 9.95
    await expect(items.first().getByTestId('price-lines')).toHaveText(
      'Delivery Price£12.95Repacking£7.50Subtotal£20.45',
    );
    // Without extras the Subtotal line is left out (it would equal the Delivery Price).
    await expect(items.last().getByTestId('price-lines')).toHaveText('Delivery Price£9.95');
  });

  await test.step('a reload loses nothing', async () => {
    // A reload loses nothing.
    await page.reload();
    await expect(items).toHaveCount(2);
    await expect(page.getByTestId('basket-total')).toHaveText('£30.40');
  });

  await test.step("Remove one: the checkout's reference, order and discount go with it", async () => {
    // Remove one: the checkout reference, checkout order and discount go with it.
    await page.evaluate(() => {
      localStorage.setItem('CHECKOUT-REF', 'cs_test_1');
      localStorage.setItem('CHECKOUT-ORDER', '{"Id":1}');
      localStorage.setItem('DISCOUNT', 'XMAS10');
    });
    await page.getByRole('button', { name: 'Remove Large parcel' }).click();
    await expect(page.getByTestId('basket-status')).toHaveText(
      'Large parcel removed from your basket.',
    );
    await expect(items).toHaveCount(1);
    await expect(page.getByTestId('basket-total')).toHaveText('£9.95');
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    const afterRemove = await page.evaluate(() =>
      ['CHECKOUT-REF', 'CHECKOUT-ORDER', 'DISCOUNT'].map((key) => localStorage.getItem(key)),
    );
    expect(afterRemove).toEqual([null, null, null]);
    expect(await storedBookings(page)).toMatchObject({ index: [2], basket: [2] });
    await stepShots(page, 'booking-basket-one');
  });

  await test.step('Empty basket, after confirming', async () => {
    // Empty, after confirming.
    await page.getByRole('button', { name: 'Empty basket' }).click();
    const confirm = page.getByRole('dialog', { name: 'Empty your basket?' });
    await confirm.getByRole('button', { name: 'Empty basket' }).click();
    await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
    await expect(page.getByTestId('basket-menu')).toHaveAccessibleName('Basket, empty');
    await expect(page.getByTestId('basket-menu')).toHaveAttribute('href', '/basket/');
    expect(await storedBookings(page)).toMatchObject({ index: [], basket: [] });
    await stepShots(page, 'booking-basket-empty');
  });
});

test('the basket is drawn once, priced: nothing on it moves as the page loads', async ({
  page,
}) => {
  await bookBand(page, 'A');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/basket/');
  await expect(page.getByTestId('basket-total')).toHaveText('£6.95');
  await page.waitForLoadState('networkidle');
  const shifted = await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number })[];
    observer.disconnect();
    return entries.reduce((sum, entry) => sum + entry.value, 0);
  });
  expect(shifted).toBe(0);
});

test('a second tab sees the basket change', async ({ page, context }) => {
  await bookBand(page, 'A');
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByTestId('basket-count')).toHaveText('1');
  await bookBand(page, 'D');
  await expect(other.getByTestId('basket-count')).toHaveText('2');
  await other.getByTestId('basket-menu').click();
  await expect(other.getByTestId('basket-menu-total')).toHaveText('£23.90'); // 6.95 + 16.95
  await page.goto('/basket/');
  await page.getByRole('button', { name: 'Remove Small parcel' }).click();
  await other.keyboard.press('Escape');
  await expect(other.getByTestId('basket-count')).toHaveText('1');
});

test('corrupt or old stored data is repaired or dropped without breaking the page', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('ORDER-INDEX', '{oops');
    localStorage.setItem('BASKET', JSON.stringify([3, 3, 9, 'x', 5]));
    // An older booking without most fields: kept, and sent back to the step it needs.
    localStorage.setItem('ORDER-3', JSON.stringify({ Id: 3, ProductId: 2, ItemValue: 20 }));
    localStorage.setItem('ORDER-5', 'not json');
    localStorage.setItem(
      'ORDER-9',
      JSON.stringify({
        Id: 9,
        ProductId: 1,
        RetailerName: 'Boots',
        TermsAcceptedAt: '2026-11-20T10:00:00.000Z',
        ItemDescription: 'Shampoo',
        ItemValue: 'twelve',
        ItemCount: 1,
        Island: 'Herm',
        selectedExtras: [3, 3, -1],
        ExtrasConfirmed: true,
      }),
    );
  });
  await page.goto('/basket/');
  await expect(page.getByTestId('basket-item')).toHaveCount(2);
  await expect(page.getByTestId('basket-total')).toHaveText('£19.40'); // B 9.95 + A 6.95 with a signature 2.50
  const stored = await storedBookings(page);
  expect(stored.index).toEqual([3, 9]);
  expect(stored.basket).toEqual([3, 9]);
  expect(stored.orders['ORDER-5']).toBeUndefined();
  await expect(page.getByTestId('basket-item').first()).toContainText('not finished');
  // A new booking never reuses an id.
  await page.goto('/order/');
  await page.getByRole('radio', { name: /^Price Band A\b/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/order/retailer/10');
});

test('checkout asks a visitor to log in, and keeps the basket', async ({ page }) => {
  await bookBand(page, 'E');
  await page.goto('/basket/');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout/');
  await expect(page).toHaveTitle('Checkout - Ferrybox');
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toContainText('Please log in or register to check out. Your basket is kept.');
  await login.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('login-gate')).toBeVisible();
  expect(await storedBookings(page)).toMatchObject({ basket: [1] });
  await stepShots(page, 'checkout-logged-out');
  expect(await axeProblems(page)).toEqual([]);
});

test('an empty basket has nothing to check out: to the basket', async ({ page }) => {
  await page.goto('/checkout/');
  await expect(page).toHaveURL('/basket/');
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
});

test('the size step works with the keyboard alone', async ({ page }) => {
  await page.goto('/order/');
  await page.getByRole('textbox', { name: 'Length', exact: true }).focus();
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('20');
  await page.keyboard.press('Tab');
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1');
  await expect(page.getByRole('radio', { name: /^Price Band A\b/ })).toBeChecked();
  // Arrow keys move through the bands; Enter sends the form.
  await page.getByRole('radio', { name: /^Price Band A\b/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Price Band B\b/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/order/retailer/1');
  await expect(page.getByTestId('basket-menu')).toHaveAccessibleName('Basket, empty');
});
