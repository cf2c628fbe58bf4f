// Item lines on the booking's details step, keyboard first, and the retailer's
// delivery charge counted in the island GST estimate.
import { expect, test } from './support/fixtures';
import { acceptTerms, axeProblems, chooseBand, stepShots, storedBookings } from './support/booking';

test('the goods item by item from the keyboard, checked against the declared value', async ({
  page,
}) => {
  await test.step('a band A booking from Argos, its terms accepted', async () => {
    await page.goto('/order/');
    await chooseBand(page, 'A');
    await page.getByRole('textbox', { name: 'Retailer', exact: true }).fill('Argos');
    await page.getByRole('button', { name: 'Continue' }).click();
    await acceptTerms(page);
  });

  await test.step('the details step: £45.99 of goods and £3.50 delivery to Jersey, under the GST threshold', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What are you sending?');
    await page.getByLabel('What is in the parcel?').fill('Kettle and two mugs');
    await page.getByLabel('Value of the goods').fill('45.99');
    await page.getByLabel('Number of items').fill('3');
    await page.getByLabel('Retailer’s delivery charge').fill('3.50');
    await page.getByLabel('Destination island').selectOption('Jersey');
    // £45.99 + £3.50 + £6.95 = £56.44: under £60
    await expect(page.getByTestId('gst-estimate')).toContainText('the retailer’s delivery £3.50');
    await expect(page.getByTestId('gst-estimate')).toContainText('come to £56.44');
    await expect(page.getByTestId('gst-estimate')).toContainText('under the £60.00 threshold');
  });

  const second =
    await test.step('the first item line from the button, the second from the keyboard alone', async () => {
      // The first line from the button, then the keyboard only: Tab through it, Enter for the next.
      await page.getByRole('button', { name: 'Add an item line' }).click();
      const first = page.getByRole('listitem', { name: 'Item line 1' });
      await expect(first.getByRole('textbox', { name: 'Item', exact: true })).toBeFocused();
      await page.keyboard.type('Electric kettle');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1');
      await page.keyboard.press('Tab');
      await page.keyboard.type('29.99');
      await page.keyboard.press('Tab');
      await expect(first.getByRole('combobox', { name: 'Made in' })).toBeFocused();
      await first.getByRole('combobox', { name: 'Made in' }).selectOption('CN');
      await page.keyboard.press('Tab');
      await page.keyboard.type('8516 10 80');
      await page.keyboard.press('Enter'); // adds line 2, not Continue
      await expect(page).toHaveURL(/\/order\/details\/\d+$/);
      const second = page.getByRole('listitem', { name: 'Item line 2' });
      await expect(second.getByRole('textbox', { name: 'Item', exact: true })).toBeFocused();
      await page.keyboard.type('Mug');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Tab');
      await page.keyboard.type('7.50');
      return second;
    });

  await test.step('the lines add up to £44.99, not the £45.99 declared: Continue stays on the step', async () => {
    // £29.99 + 2 × £7.50 = £44.99, not £45.99: the shared message, and Continue stays here
    await expect(page.getByTestId('item-lines-total')).toHaveText(
      'Lines total £44.99 of £45.99 declared',
    );
    await expect(page.getByTestId('item-lines-mismatch')).toHaveText(
      'The item lines add up to £44.99, not the declared value of £45.99',
    );
    await stepShots(page, 'item-lines-1-mismatch');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/order\/details\/\d+$/);
    await expect(second.getByRole('textbox', { name: 'Value of one' })).toHaveValue('7.50');
  });

  await test.step("the mug's value corrected: the lines add up", async () => {
    await second.getByRole('textbox', { name: 'Value of one' }).fill('8');
    await expect(page.getByTestId('item-lines-mismatch')).toHaveCount(0);
    await expect(page.getByTestId('item-lines-total')).toHaveText(
      'Lines total £45.99 of £45.99 declared',
    );
    expect(await axeProblems(page)).toEqual([]);
    await stepShots(page, 'item-lines-2-added-up');
  });

  await test.step('a line removed from the keyboard', async () => {
    // a line can be removed from the keyboard too
    await page.getByRole('button', { name: 'Add an item line' }).click();
    await page.getByRole('button', { name: 'Remove item line 3' }).press('Enter');
    await expect(page.getByTestId('item-line')).toHaveCount(2);
  });

  await test.step('Continue: the extras step; the booking keeps the delivery charge and both lines', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Any extras?');
    const { orders } = await storedBookings(page);
    const booking = Object.values(orders)[0] as {
      ItemLines: unknown[];
      RetailerDeliveryCharge: number;
    };
    expect(booking.RetailerDeliveryCharge).toBe(3.5);
    expect(booking.ItemLines).toEqual([
      {
        Description: 'Electric kettle',
        Quantity: 1,
        ValueEach: 29.99,
        Origin: 'CN',
        CommodityCode: '85161080',
      },
      { Description: 'Mug', Quantity: 2, ValueEach: 8, Origin: 'GB', CommodityCode: '' },
    ]);
  });
});
