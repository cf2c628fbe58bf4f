import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, registerCustomer } from './support/accounts';
import { axeProblems } from './support/booking';
import { expect, screenshots, test } from './support/fixtures';
import { holdScripts, viewportShots } from './support/site';

// The Address Book: a customer adds a Jersey delivery address (after the form
// refuses a Guernsey postcode for it) and a UK billing address, edits one, deletes the other,
// and pages through more than ten.

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const cards = (page: Page) =>
  page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });

/** Chooses an option of a (native) select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption(option);
}

async function addressesOf(request: APIRequestContext, token: string) {
  const res = await request.post('/public/addresses', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { items: { Id: number; Line1: string }[]; total: number };
}

test('a customer keeps delivery and billing addresses in the Address Book', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // a long journey, with screenshots at several steps
  const { email, password, token } = await registerCustomer(request, 'Ada');

  await test.step('Ada opens her Address Book: nothing saved yet', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/addresses/');
    await logIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Address Book' })).toBeVisible();
    await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
    await expect(page).toHaveTitle(/^Address Book - /);
  });

  const add =
    await test.step('a Jersey delivery address: an empty form and a Guernsey postcode are refused', async () => {
      // --- a Jersey delivery address: a Guernsey postcode is refused ---------------------------------
      await page.getByRole('button', { name: 'Add a delivery address' }).click();
      const add = dialog(page, 'Add a delivery address');
      await expect(add).toBeVisible();
      await add.getByRole('button', { name: 'Save Address' }).click();
      await expect(add.getByText('This field is required').first()).toBeVisible();
      await add.getByRole('textbox', { name: 'Full Name' }).fill('Ada Le Sueur');
      await add.getByRole('textbox', { name: 'Address Line 1' }).fill('12 Rue de la Mare');
      await expect(add.getByRole('combobox', { name: 'Parish' })).toHaveCount(0); // no island yet
      await choose(page, 'Island', 'Jersey');
      await choose(page, 'Parish', 'St Helier');
      await add.getByRole('textbox', { name: 'Postcode' }).fill('GY1 1AA');
      await add.getByRole('button', { name: 'Save Address' }).click();
      await expect(add.getByText('A Jersey postcode starts with JE')).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      await viewportShots(page, 'addresses-form-errors');
      await page.setViewportSize({ width: 1280, height: 900 });
      return add;
    });

  await test.step('on Sark the parish goes; on Jersey again, with a JE postcode, the address is saved', async () => {
    // Sark has no parishes: the parish goes; back on Jersey it must be chosen again.
    await choose(page, 'Island', 'Sark');
    await expect(add.getByRole('combobox', { name: 'Parish' })).toHaveCount(0);
    await choose(page, 'Island', 'Jersey');
    await choose(page, 'Parish', 'St Helier');
    await add.getByRole('textbox', { name: 'Postcode' }).fill('je2 3ab');
    await add.getByRole('button', { name: 'Save Address' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('Your address has been saved.');
    await expect(card(page, '12 Rue de la Mare')).toContainText('St Helier');
    await expect(card(page, '12 Rue de la Mare')).toContainText('Jersey JE2 3AB');
  });

  await test.step('a UK billing address, the United Kingdom already chosen: two addresses listed', async () => {
    // --- a UK billing address: the country starts as the United Kingdom ---------------------------
    await page.getByRole('button', { name: 'Add a billing address' }).click();
    const billing = dialog(page, 'Add a billing address');
    await expect(billing.getByRole('combobox', { name: 'Country' })).toHaveValue('GB');
    await billing.getByRole('textbox', { name: 'Full Name' }).fill('Ada Le Sueur');
    await billing.getByRole('textbox', { name: 'Company' }).fill('Sueur Ltd');
    await billing.getByRole('textbox', { name: 'Address Line 1' }).fill('1 High Street');
    await billing.getByRole('textbox', { name: 'Town or City' }).fill('Portsmouth');
    await billing.getByRole('textbox', { name: 'Postcode' }).fill('PO1 2AB');
    await viewportShots(page, 'addresses-billing-form');
    await page.setViewportSize({ width: 1280, height: 900 });
    await billing.getByRole('button', { name: 'Save Address' }).click();
    await expect(billing).toBeHidden();
    await expect(card(page, '1 High Street')).toContainText('United Kingdom');
    await expect(card(page, '1 High Street')).toContainText('Billing');

    await expect(cards(page)).toHaveCount(2);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'addresses-list');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the billing address edited: Flat 2 added', async () => {
    // --- edit the billing address -----------------------------------------------------------------
    await card(page, '1 High Street').getByRole('button', { name: /^Edit/ }).click();
    const edit = dialog(page, 'Edit address');
    await expect(edit.getByRole('textbox', { name: 'Company' })).toHaveValue('Sueur Ltd');
    await edit.getByRole('textbox', { name: 'Address Line 2' }).fill('Flat 2');
    await edit.getByRole('button', { name: 'Save Address' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('Your address has been updated.');
    await expect(card(page, '1 High Street')).toContainText('Flat 2');
  });

  const chosen =
    await test.step('the delivery address is the one the checkout has chosen', async () => {
      // --- delete the delivery address, which the checkout had chosen --------------------------------
      const full = await request.post('/public/addresses', {
        headers: { authorization: `Bearer ${token}` },
        data: { filter: { Type: 'Delivery' } },
      });
      const chosen = ((await full.json()) as { items: { Id: number }[] }).items[0];
      await page.evaluate(
        (address) => localStorage.setItem('DELIVERY', JSON.stringify(address)),
        chosen,
      );
      return chosen;
    });

  const confirm =
    await test.step("Delete asks first: cancelled, then deleted, and the checkout's choice forgotten", async () => {
      await card(page, '12 Rue de la Mare')
        .getByRole('button', { name: /^Delete/ })
        .click();
      const confirm = dialog(page, 'Delete this address?');
      await expect(confirm).toContainText('12 Rue de la Mare');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(cards(page)).toHaveCount(2);
      await card(page, '12 Rue de la Mare')
        .getByRole('button', { name: /^Delete/ })
        .click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('status')).toHaveText('The address has been deleted.');
      await expect(cards(page)).toHaveCount(1);
      expect(await page.evaluate(() => localStorage.getItem('DELIVERY'))).toBeNull();
      expect((await addressesOf(request, token)).items.map((a) => a.Id)).not.toContain(chosen.Id);
      return confirm;
    });

  await test.step('more than ten addresses: ten on a page, the eleventh on page 2', async () => {
    // --- more than ten: pages ---------------------------------------------------------------------
    for (let i = 2; i <= 11; i++) {
      const res = await request.post('/public/addresses/create', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          Type: 'Delivery',
          FullName: 'Ada Le Sueur',
          Line1: `${i} La Route de Noirmont`,
          Island: 'Jersey',
          Parish: 'St Brelade',
          Postcode: 'JE3 8AA',
        },
      });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    await expect(cards(page)).toHaveCount(10);
    await page.getByRole('link', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL('/dashboard/addresses/?page=2');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, '11 La Route de Noirmont')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screenshots(page, 'addresses-page-2');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the last address of the last page deleted: the page before it shows', async () => {
    // The last address of the last page deleted: the page before it shows.
    await card(page, '11 La Route de Noirmont')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('The address has been deleted.');
    await expect(page).toHaveURL('/dashboard/addresses/');
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'pagination' })).toHaveCount(0);
  });
});

test('Add pressed before the form has arrived opens it once it has; pressed after, the browser opens it', async ({
  page,
  request,
}) => {
  const { email, password } = await registerCustomer(request, 'Bea');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/addresses/');
  await logIn(page, email, password);
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  // The form's code held back: a fresh load of the book, pressed at once.
  const asked: string[] = [];
  const release = await holdScripts(page, { asked, scripts: '**/assets/address-form-*.js' });
  await page.reload();
  await page.getByRole('button', { name: 'Add a billing address' }).click();
  // The press asked for the form's code, which is held back: no dialog yet.
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const billing = dialog(page, 'Add a billing address');
  await expect(billing.getByRole('combobox', { name: 'Country' })).toHaveValue('GB');
  await page.keyboard.press('Escape');
  await expect(billing).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add a billing address' })).toBeFocused();
  // Drawn now: the press is the browser's, each button opens its own type's form.
  await page.getByRole('button', { name: 'Add a delivery address' }).click();
  const delivery = dialog(page, 'Add a delivery address');
  await expect(delivery.getByRole('combobox', { name: 'Island' })).toBeVisible();
  await delivery.getByRole('textbox', { name: 'Full Name' }).fill('Bea Renouf');
  await delivery.getByRole('button', { name: 'Close' }).click();
  await expect(delivery).toBeHidden();
  // Opened again, the form starts afresh.
  await page.getByRole('button', { name: 'Add a delivery address' }).click();
  await expect(delivery.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
});
