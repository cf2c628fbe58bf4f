// The depot completes a booking's item lines at receipt from the retailer's invoice,
// keyboard first, in the back office's receiving screen; the change is in the audit log.
import { logIn } from './support/accounts';
import { depotCustomer, depotMember, paidBooking, receiveSearch } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { FIRST_ADMIN, expectAudited, staffLogIn } from './support/staff';

test('a depot member receives a parcel and enters its item lines from the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const depot = await depotMember(request);
  const ann = await depotCustomer(request);
  const order = await paidBooking(request, ann, { band: 'C' }); // declared £89.99, no lines
  await staffLogIn(page, depot.email, depot.password);
  await page.goto('/admin/receive/');

  await test.step('the depot member finds the booking and receives the parcel from the keyboard', async () => {
    const search = receiveSearch(page);
    await search.fill(order.Reference);
    await search.press('Enter');
    await page.getByRole('listbox', { name: 'Bookings' }).press('Enter');
    const form = page.getByRole('form', { name: 'Receive the parcel' });
    await form.getByRole('textbox', { name: 'Weight (kg)' }).fill('2.5');
    await form.getByRole('textbox', { name: 'Length (cm)' }).fill('40');
    await form.getByRole('textbox', { name: 'Width (cm)' }).fill('30');
    await form.getByRole('textbox', { name: 'Height (cm)' }).fill('20');
    await form.getByRole('textbox', { name: 'Shelf' }).fill('B-2');
    await form.getByRole('textbox', { name: 'Shelf' }).press('Enter');
    await expect(page.getByTestId('receive-outcome')).toContainText(order.Reference);
  });

  const { lines, line } =
    await test.step('the first item line typed with the keyboard alone; Enter opens the next', async () => {
      const lines = page.getByRole('form', { name: `Item lines of ${order.Reference}` });
      await expect(lines).toBeVisible();
      const line = (n: number) => lines.getByRole('group', { name: `Item line ${n}` });
      // the keyboard only: Tab through a line, Enter for the next, Ctrl+Enter saves
      await line(1).getByRole('textbox', { name: 'Item' }).click();
      await page.keyboard.type('Electric kettle');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1');
      await page.keyboard.press('Tab');
      await page.keyboard.type('49.99');
      await page.keyboard.press('Tab');
      await line(1).getByRole('combobox', { name: 'Made in' }).selectOption('CN');
      await page.keyboard.press('Tab');
      await page.keyboard.type('85161080');
      await page.keyboard.press('Enter');
      await expect(line(2).getByRole('textbox', { name: 'Item' })).toBeFocused();
      return { lines, line };
    });

  await test.step('the second line: the lines add up to £88.99, not the £89.99 booked, so Ctrl+Enter saves nothing', async () => {
    await page.keyboard.type('Toaster');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('39.00');
    // the invoice shows £88.99 in all, not the £89.99 booked: the lines do not add up yet
    await expect(lines.getByTestId('depot-lines-mismatch')).toHaveText(
      'The item lines add up to £88.99, not the declared value of £89.99',
    );
    await page.keyboard.press('Control+Enter');
    await expect(lines.getByTestId('depot-lines-saved')).toHaveCount(0);
  });

  await test.step('the declared value corrected from the invoice: Ctrl+Enter saves both lines', async () => {
    // the declared value corrected from the invoice
    await lines.getByRole('textbox', { name: 'Declared value (£)' }).fill('88.99');
    await expect(lines.getByTestId('depot-lines-mismatch')).toHaveCount(0);
    await expect(lines.getByTestId('depot-lines-total')).toHaveText(
      'Lines total £88.99 of £88.99 declared',
    );
    await screenshots(page, 'depot-item-lines', [768, 1280]);
    await line(2).getByRole('textbox', { name: 'Value of one (£)' }).press('Control+Enter');
    await expect(lines.getByTestId('depot-lines-saved')).toHaveText(
      `Saved 2 item lines of ${order.Reference}: £88.99.`,
    );
  });

  await test.step("the customer's order has the two lines", async () => {
    // the customer's order shows them
    const detail = await request.get(`/public/orders/${order.Id}`, {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    const seen = (await detail.json()) as {
      Order: { ItemValue: number; ItemLines: { Description: string; Total: number }[] };
    };
    expect(seen.Order.ItemValue).toBe(88.99);
    expect(seen.Order.ItemLines.map((l) => [l.Description, l.Total])).toEqual([
      ['Electric kettle', 49.99],
      ['Toaster', 39],
    ]);
  });

  await test.step("the customer's order page lists them", async () => {
    // the customer's order page lists them
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await logIn(page, ann.email, ann.password);
    await expect(page.getByTestId('order-item-lines').getByRole('listitem')).toHaveText([
      "1 × Electric kettle, £49.99 each, made in People's Republic of China (commodity code 85161080)",
      '1 × Toaster, £39.00 each, made in United Kingdom',
    ]);
    await screenshots(page, 'order-item-lines');
  });

  await test.step('the office sees in the audit log who entered them', async () => {
    // the office (the audit log is not the depot's) sees who entered them
    await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
    await expectAudited(
      page,
      { record: order.Reference, action: 'add item lines' },
      { name: depot.name },
    );
  });
});
