import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerCustomer, unique } from './support/accounts';
import { stepShots } from './support/booking';
import { expectFocusIn, expectFocusShown, tabAndType, tabTo, typeInto } from './support/keyboard';

// Keyboard-only journeys (issue 15): a customer registers, books a parcel from the size step to
// the basket, and checks out (a delivery address added on the way) and pays with the sandbox's
// card on its page, with Tab, Shift+Tab, Enter, Space, the arrow keys and typing alone: nothing
// is clicked or filled. At each step the focus is where a keyboard user needs it, and shows.
// (Receiving a parcel with the keyboard alone is in depot.spec.ts.)

const PASSWORD = 'Harbour!Lights7';

/**
 * Chooses `option` of the focused native select with the arrow keys alone (the list stays shut,
 * the choice changes at each press).
 */
async function chooseNativeWithArrows(page: Page, select: Locator, option: string) {
  await expect(select).toBeFocused();
  const shown = () => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text);
  for (let i = 0; i < 30 && (await shown()) !== option; i++) await page.keyboard.press('ArrowDown');
  expect(await shown()).toBe(option);
  await expect(select).toBeFocused();
}

/** Presses Space on the focused switch or checkbox and checks it is on. */
async function toggleOn(page: Page, control: Locator) {
  await expect(control).toBeFocused();
  await page.keyboard.press('Space');
  await expect(control).toBeChecked();
}

test('a customer registers with the keyboard alone', async ({ page }) => {
  const email = `keys.${unique()}@example.je`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const header = page.getByTestId('site-header');
  const registerButton = header.getByRole('button', { name: 'Register' });
  await tabTo(page, registerButton);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Register' });
  await expect(dialog).toBeVisible();
  // the focus moves into the dialog
  await expectFocusIn(page, dialog);

  await tabAndType(page, dialog.getByRole('textbox', { name: 'First Name' }), 'Ada');
  await page.keyboard.press('Tab');
  await typeInto(page, dialog.getByRole('textbox', { name: 'Last Name' }), 'Le Sueur');
  await page.keyboard.press('Tab');
  await typeInto(page, dialog.getByRole('textbox', { name: 'Email' }), email);

  const island = dialog.getByRole('combobox', { name: 'Island of Residence' });
  await tabTo(page, island);
  await chooseNativeWithArrows(page, island, 'Jersey');
  await page.keyboard.press('Tab');
  await typeInto(page, dialog.getByRole('textbox', { name: 'Password', exact: true }), PASSWORD);
  await tabAndType(page, dialog.getByRole('textbox', { name: 'Confirm Password' }), PASSWORD);
  const terms = dialog.getByRole('switch', { name: /terms and conditions/ });
  await tabTo(page, terms);
  await toggleOn(page, terms);
  // the window only: the dialog is fixed to it (full screen on a phone)
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(terms).toBeFocused();
    await page.screenshot({ path: `tests/.artifacts/screenshots/keyboard-register-${width}.png` });
  }

  // Shift+Tab comes back through the dialog, and past its first control goes round inside it
  const firstName = dialog.getByRole('textbox', { name: 'First Name' });
  await tabTo(page, firstName, { back: true });
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    await expectFocusIn(page, dialog);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Register', exact: true }));
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/dashboard/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
  // the focus is at the start of the dashboard's content, not lost on the page's body: the next
  // Tab reaches its first control
  await expect(content(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expectFocusIn(page, content(page));
  await expectFocusShown(page);
});

/** Presses ArrowDown on the focused native select until it shows `option`. */
async function selectWithArrows(page: Page, select: Locator, option: string) {
  await expect(select).toBeFocused();
  for (
    let i = 0;
    i < 10 &&
    (await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)) !== option;
    i++
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(select.locator('option:checked')).toHaveText(option);
}

const content = (page: Page) => page.locator('#main');

/**
 * The step's heading, and the focus at the start of the page's content (not left on the body
 * by the step's button, which went away), so the next Tab reaches the step's first control.
 */
async function onStep(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(content(page)).toBeFocused();
}

/**
 * Books a parcel in price band C to Jersey from the size step to the basket with the keyboard:
 * ends on "Added to your basket".
 */
async function bookByKeyboard(page: Page) {
  await page.goto('/order/');
  const bandC = page.getByRole('radio', { name: /^Price Band C\b/ });
  // Tab reaches the bands; the arrow keys move between them (one tab stop for the group)
  await tabTo(page, page.getByRole('radio', { name: /^Price Band A\b/ }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(bandC).toBeFocused();
  await expect(bandC).toBeChecked();
  await expectFocusShown(page);
  // Tab leaves the group at once, past the other bands
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).not.toBe('radio');
  await tabTo(page, page.getByRole('button', { name: /^(Continue|Book this delivery)$/ }));
  await page.keyboard.press('Enter');

  await onStep(page, 'Which retailer is sending it?');
  await tabAndType(page, page.getByRole('textbox', { name: 'Retailer', exact: true }), 'Argos');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await onStep(page, 'Booking terms');
  const accept = page.getByRole('checkbox', { name: /I have read and accept/ });
  await tabTo(page, accept);
  await toggleOn(page, accept);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await onStep(page, 'What are you sending?');
  await tabAndType(page, page.getByLabel('What is in the parcel?'), 'Kettle');
  await tabAndType(page, page.getByLabel('Value of the goods'), '25');
  await tabAndType(page, page.getByLabel('Number of items'), '1');
  const island = page.getByLabel('Destination island');
  await tabTo(page, island);
  await selectWithArrows(page, island, 'Jersey');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await onStep(page, 'Any extras?');
  await tabTo(page, page.getByRole('button', { name: /^(Add to basket|Update basket)$/ }));
  await page.keyboard.press('Enter');
  await onStep(page, 'Added to your basket');
}

test('a parcel is booked from the size step to the basket with the keyboard alone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await bookByKeyboard(page);
  await tabTo(page, page.getByRole('link', { name: 'View basket' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/basket/');
  await expect(page.getByText('Kettle')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: /check ?out/i }).last());
  await stepShots(page, 'keyboard-basket');
});

test('a customer checks out and pays with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, password } = await registerCustomer(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await bookByKeyboard(page);
  await tabTo(page, page.getByRole('link', { name: 'Check out and pay' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/checkout/');

  // the checkout asks to log in first: the dialog has the focus
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await expectFocusIn(page, login);
  await tabAndType(page, login.getByRole('textbox', { name: 'Email' }), email);
  await tabAndType(page, login.getByRole('textbox', { name: 'Password', exact: true }), password);
  await page.keyboard.press('Enter');
  await expect(login).toBeHidden();
  await expectFocusIn(page, content(page));

  // a delivery address on Jersey, added from the checkout
  await tabTo(page, page.getByRole('button', { name: 'Add a new address' }).first());
  await page.keyboard.press('Enter');
  const delivery = page.getByRole('dialog', { name: 'Add a delivery address' });
  await expect(delivery).toBeVisible();
  await expectFocusIn(page, delivery);
  await tabAndType(page, delivery.getByRole('textbox', { name: 'Full Name' }), 'Ann Le Brocq');
  await tabAndType(
    page,
    delivery.getByRole('textbox', { name: 'Address Line 1' }),
    '12 Rue de la Mare',
  );
  const parish = delivery.getByRole('combobox', { name: 'Parish' });
  await tabTo(page, parish);
  await chooseNativeWithArrows(page, parish, 'St Helier');
  await tabAndType(page, delivery.getByRole('textbox', { name: 'Postcode' }), 'JE2 3AB');
  await tabTo(page, delivery.getByRole('button', { name: 'Save Address' }));
  await page.keyboard.press('Enter');
  await expect(delivery).toBeHidden();
  const deliveryChoice = page.getByRole('radiogroup', { name: 'Delivery address' });
  await expect(deliveryChoice.getByRole('radio', { name: /12 Rue de la Mare/ })).toBeChecked();
  // the focus comes back to the button that opened the dialog
  await expect(page.getByRole('button', { name: 'Add a new address' }).first()).toBeFocused();

  // the same address for the bill
  const billing = page
    .getByRole('radiogroup', { name: 'Billing address' })
    .getByRole('radio', { name: /12 Rue de la Mare/ });
  if (!(await billing.isChecked())) {
    await tabTo(page, billing);
    await page.keyboard.press('Space');
    await expect(billing).toBeChecked();
  }
  const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
  await tabTo(page, terms);
  await toggleOn(page, terms);
  await tabTo(page, page.getByTestId('pay-button'));
  await stepShots(page, 'keyboard-checkout');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Enter');

  // the sandbox's payment page: card, expiry, code and name, a Tab between; Enter pays
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await tabAndType(page, page.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await typeInto(page, page.getByLabel('Expiry (MM / YY)'), '12 / 30');
  await page.keyboard.press('Tab');
  await typeInto(page, page.getByLabel('Security code'), '123');
  await page.keyboard.press('Tab');
  await typeInto(page, page.getByLabel('Name on card'), 'Ann Le Brocq');
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/success\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/paid|thank/i);
});
