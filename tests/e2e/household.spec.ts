import type { Page } from '@playwright/test';
import { logIn, unique } from './support/accounts';
import { axeProblems } from './support/booking';
import { depotCustomer, depotMember, outbox, paidBooking, receiveSearch } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { staffLogIn } from './support/staff';

// A household on one account: the customer names a person who lives with them on the
// Household page, sees on My Account how that person addresses parcels to the depot, the depot
// finds a parcel by the name on its label and receives it onto the account's booking, and the
// customer removes the person afterwards: the parcel stays on the account.

const members = (page: Page) =>
  page.getByRole('list', { name: 'Your household' }).getByRole('listitem');
const addForm = (page: Page) => page.getByRole('form', { name: 'Add a person' });

test('a parcel addressed to a household member is received onto the account', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const order = await paidBooking(request, ann, { band: 'C', description: 'Board games' });
  const surname = `Bisson${unique()}`;
  const jane = `Jane ${surname}`;
  const bookings = page.getByRole('listbox', { name: 'Bookings' });

  // the customer's pages are drawn without MUI (decision 0029): its chunk is never asked for
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  await test.step("the customer's Household page says nobody else is named on the account yet", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/household/');
    await logIn(page, ann.email, ann.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Household' })).toBeVisible();
    await expect(page).toHaveTitle(/^Household - /);
    await expect(page.getByText('Nobody else is named on your account yet.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'My Account' })).toContainText('Household');
  });

  await test.step("Add to household: the names are required; the account holder's own name is refused", async () => {
    await addForm(page).getByRole('button', { name: 'Add to household' }).click();
    await expect(addForm(page).getByText('This field is required')).toHaveCount(2);
    // the account holder is on the account already: the server's message shows under the name
    await addForm(page).getByRole('textbox', { name: 'First Name' }).fill('Ann');
    await addForm(page).getByRole('textbox', { name: 'Last Name' }).fill('Le Brocq');
    await addForm(page).getByRole('button', { name: 'Add to household' }).click();
    await expect(addForm(page).getByText(/You are already on the account/)).toBeVisible();
    // the browser logs that refused call, the one error this journey expects
    const refused =
      'Failed to load resource: the server responded with a status of 400 (Bad Request)';
    expect(consoleErrors).toEqual([refused]);
    consoleErrors.splice(0);
  });

  await test.step('Jane added: listed with how to address parcels to the depot, the form empty again', async () => {
    await addForm(page).getByRole('textbox', { name: 'First Name' }).fill('Jane');
    await addForm(page).getByRole('textbox', { name: 'Last Name' }).fill(surname);
    await addForm(page).getByRole('button', { name: 'Add to household' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText(
      `${jane} has been added to your household.`,
    );
    await expect(members(page)).toHaveCount(1);
    await expect(members(page)).toContainText(`Address parcels to: ${jane}, Ref ${ann.reference}`);
    await expect(addForm(page).getByRole('textbox', { name: 'First Name' })).toHaveValue('');
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'household');
  });

  await test.step('My Account shows how Jane addresses her parcels; no MUI script was loaded', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole('navigation', { name: 'My Account' })
      .getByRole('link', { name: 'My Account' })
      .click();
    const addressing = page.getByTestId('household-addressing');
    await expect(addressing).toContainText('Your household may use this address too');
    await expect(addressing).toContainText(`${jane}, Ref ${ann.reference}`);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'my-account-household');

    expect(scripts.filter((path) => /\/assets\/app-vendor-[\w-]+\.js$/.test(path))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
  });

  await test.step("the depot searches the name on the label: Ann's account, addressed to Jane, her booking first", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await staffLogIn(page, depot.email, depot.password);
    await page.goto('/admin/receive/');
    const search = receiveSearch(page);
    await search.fill(jane.toUpperCase());
    await search.press('Enter');
    await expect(bookings).toBeFocused();
    await expect(page.getByTestId('found-customer')).toContainText(
      `Ann Le Brocq · ${ann.reference}`,
    );
    await expect(page.getByTestId('found-customer')).toContainText(
      `Addressed to ${jane}, of their household.`,
    );
    const addressedTo = page.getByRole('combobox', { name: 'Addressed to' });
    await expect(addressedTo.locator('option:checked')).toHaveText(`${jane} (household)`);
    await expect(bookings.getByRole('option').first()).toContainText(order.Reference);
    await screenshots(page, 'admin-receive-household', [768, 1280]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("received onto Ann's booking, addressed to Jane; the arrival is e-mailed", async () => {
    await bookings.press('Enter');
    const form = page.getByRole('form', { name: 'Receive the parcel' });
    await form.getByRole('textbox', { name: 'Weight (kg)' }).fill('3');
    await form.getByRole('textbox', { name: 'Length (cm)' }).fill('40');
    await form.getByRole('textbox', { name: 'Width (cm)' }).fill('30');
    await form.getByRole('textbox', { name: 'Height (cm)' }).fill('20');
    await form.getByRole('textbox', { name: 'Shelf' }).fill('H-7');
    await form.getByRole('textbox', { name: 'Shelf' }).press('Enter');
    const outcome = page.getByTestId('receive-outcome');
    await expect(outcome).toContainText(`Received ${order.Reference}`);
    await expect(outcome).toContainText(`addressed to ${jane} (household)`);
    await expect
      .poll(async () =>
        (await outbox(request)).some(
          (e) => e.to.includes(ann.email) && e.kind === 'parcel-arrived',
        ),
      )
      .toBe(true);
  });

  await test.step('the customer removes Jane, told the parcels received for her stay on the account', async () => {
    await page.goto('/dashboard/household/');
    await members(page)
      .getByRole('button', { name: `Remove ${jane}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove from your household?' });
    await expect(dialog).toContainText(
      'Parcels we have already received for them stay on your account.',
    );
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
      `${jane} has been removed from your household.`,
    );
    await expect(page.getByText('Nobody else is named on your account yet.')).toBeVisible();
  });

  await test.step('the parcel stays on the account, received at the depot', async () => {
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.Reference);
    await expect(page.getByText('Received at Depot').first()).toBeVisible();
  });
});

test('a person removed from the household while the depot receives is refused on Addressed to', async ({
  page,
  request,
  consoleErrors,
}) => {
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const headers = { authorization: `Bearer ${ann.token}` };
  const added = await request.post('/public/household', {
    headers,
    data: { FirstName: 'Tom', LastName: `Bisson${unique()}` },
  });
  expect(added.status()).toBe(201);
  const tom = (await added.json()) as { Id: number; FullName: string };
  const form = page.getByRole('form', { name: 'Receive the parcel' });
  const addressedTo = page.getByRole('combobox', { name: 'Addressed to' });

  await test.step('the depot finds Ann, chooses Tom as the name on the label and measures the parcel', async () => {
    await staffLogIn(page, depot.email, depot.password);
    await page.goto('/admin/receive/');
    await receiveSearch(page).fill(ann.reference);
    await receiveSearch(page).press('Enter');
    await addressedTo.selectOption({ label: `${tom.FullName} (household)` });
    await form.getByRole('textbox', { name: 'Weight (kg)' }).fill('2');
    await form.getByRole('textbox', { name: 'Length (cm)' }).fill('30');
    await form.getByRole('textbox', { name: 'Width (cm)' }).fill('20');
    await form.getByRole('textbox', { name: 'Height (cm)' }).fill('10');
    await form.getByRole('textbox', { name: 'Shelf' }).fill('H-8');
  });

  await test.step('Ann removes Tom meanwhile: the server refuses the parcel, on Addressed to', async () => {
    const removed = await request.delete(`/public/household/${tom.Id}`, { headers });
    expect(removed.ok()).toBe(true);
    await form.getByRole('textbox', { name: 'Shelf' }).press('Enter');
    await expect(addressedTo).toHaveAccessibleDescription(
      'This person is not in the household of the customer the parcel is for.',
    );
    await expect(addressedTo).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('receive-outcome')).toHaveCount(0);
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    consoleErrors.splice(0);
  });

  await test.step('the account holder chosen instead: the message goes, and the parcel is received', async () => {
    await addressedTo.selectOption({ label: 'Ann Le Brocq (account holder)' });
    await expect(addressedTo).toHaveAttribute('aria-invalid', 'false');
    await form.getByRole('textbox', { name: 'Shelf' }).press('Enter');
    await expect(page.getByTestId('receive-outcome')).toContainText(
      /Unbooked: Parcel \d+ for Ann Le Brocq/,
    );
  });
});
