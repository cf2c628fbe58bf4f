import type { Page } from '@playwright/test';
import { expect, screenshots, test } from './support/fixtures';
import { registerCustomer, unique } from './support/accounts';
import { stepShots } from './support/booking';
import { depotCustomer, paidBooking, receiveByKeyboard, staffMember } from './support/depot';
import {
  chooseWithArrows,
  expectFocusIn,
  expectFocusShown,
  tabAndType,
  tabTo,
  toggleOn,
  typeInto,
} from './support/keyboard';

// Keyboard-only journeys: a customer registers, books a parcel from the size
// step to the basket, checks out (a delivery address added on the way) and pays with the
// sandbox's card on its page; a customer asks to ship three bookings together, and the depot
// receives their parcels, repacks, weighs, measures and dispatches the box. With Tab, Shift+Tab,
// Enter, Space, the arrow keys and typing alone: nothing is clicked or filled (the pages are
// opened by their address, as typed). At each step the focus is where a keyboard user needs it,
// and shows. Each stage is a test.step, so a journey reads as its specification.

const PASSWORD = 'Harbour!Lights7';

test('a customer registers with the keyboard alone', async ({ page }) => {
  const email = `keys.${unique()}@example.je`;
  const dialog = page.getByRole('dialog', { name: 'Register' });
  const terms = dialog.getByRole('switch', { name: /terms and conditions/ });

  await test.step('Tab reaches Register in the header; Enter opens the dialog with the focus in it', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const header = page.getByTestId('site-header');
    await tabTo(page, header.getByRole('button', { name: 'Register' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expectFocusIn(page, dialog);
  });

  await test.step('Enter on Register with nothing typed: the focus goes to the first field in error', async () => {
    await tabTo(page, dialog.getByRole('button', { name: 'Register', exact: true }));
    await page.keyboard.press('Enter');
    const firstName = dialog.getByRole('textbox', { name: 'First Name' });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
  });

  await test.step('names, e-mail, island (arrow keys), passwords typed; Space accepts the terms', async () => {
    await tabAndType(page, dialog.getByRole('textbox', { name: 'First Name' }), 'Ada');
    await page.keyboard.press('Tab');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Last Name' }), 'Le Sueur');
    await page.keyboard.press('Tab');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Email' }), email);
    const island = dialog.getByRole('combobox', { name: 'Island of Residence' });
    await tabTo(page, island);
    await chooseWithArrows(page, island, 'Jersey');
    await page.keyboard.press('Tab');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Password', exact: true }), PASSWORD);
    await tabAndType(page, dialog.getByRole('textbox', { name: 'Confirm Password' }), PASSWORD);
    await tabTo(page, terms);
    await toggleOn(page, terms);
    // the window only: the dialog is fixed to it (full screen on a phone)
    for (const [width, height] of [
      [375, 812],
      [1280, 900],
    ]) {
      await page.setViewportSize({ width, height });
      await expect(terms).toBeFocused();
      await page.screenshot({
        path: `tests/.artifacts/screenshots/keyboard-register-${width}.png`,
      });
    }
  });

  await test.step('Shift+Tab goes round inside the dialog, never out of it', async () => {
    const firstName = dialog.getByRole('textbox', { name: 'First Name' });
    await tabTo(page, firstName, { back: true });
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusIn(page, dialog);
    }
  });

  await test.step('Enter on Register opens the dashboard with the focus at its content', async () => {
    await tabTo(page, dialog.getByRole('button', { name: 'Register', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/dashboard/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
    // not lost on the page's body: the next Tab reaches its first control
    await expect(content(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expectFocusIn(page, content(page));
    await expectFocusShown(page);
  });
});

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
 * Books a parcel in price band C to Jersey from the size step to the basket with the keyboard,
 * a test.step per booking step: ends on "Added to your basket".
 */
async function bookByKeyboard(page: Page) {
  await test.step('size: Tab reaches the bands, the arrow keys choose band C, Enter goes on', async () => {
    await page.goto('/order/');
    const bandC = page.getByRole('radio', { name: /^Price Band C\b/ });
    // one tab stop for the group
    await tabTo(page, page.getByRole('radio', { name: /^Price Band A\b/ }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(bandC).toBeFocused();
    await expect(bandC).toBeChecked();
    await expectFocusShown(page);
    // Tab leaves the group at once, past the other bands
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).not.toBe(
      'radio',
    );
    await tabTo(page, page.getByRole('button', { name: /^(Continue|Book this delivery)$/ }));
    await page.keyboard.press('Enter');
  });

  await test.step('retailer typed', async () => {
    await onStep(page, 'Which retailer is sending it?');
    await tabAndType(page, page.getByRole('textbox', { name: 'Retailer', exact: true }), 'Argos');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
  });

  await test.step('terms accepted with Space', async () => {
    await onStep(page, 'Booking terms');
    const accept = page.getByRole('checkbox', { name: /I have read and accept/ });
    await tabTo(page, accept);
    await toggleOn(page, accept);
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
  });

  await test.step('goods typed, the island chosen with the arrow keys', async () => {
    await onStep(page, 'What are you sending?');
    await tabAndType(page, page.getByLabel('What is in the parcel?'), 'Kettle');
    await tabAndType(page, page.getByLabel('Value of the goods'), '25');
    await tabAndType(page, page.getByLabel('Number of items'), '1');
    const island = page.getByLabel('Destination island');
    await tabTo(page, island);
    await chooseWithArrows(page, island, 'Jersey');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
  });

  await test.step('no extras: Enter adds it to the basket', async () => {
    await onStep(page, 'Any extras?');
    await tabTo(page, page.getByRole('button', { name: /^(Add to basket|Update basket)$/ }));
    await page.keyboard.press('Enter');
    await onStep(page, 'Added to your basket');
  });
}

test('a parcel is booked from the size step to the basket with the keyboard alone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await bookByKeyboard(page);
  await test.step('View basket: the booking is there, and the way to check out', async () => {
    await tabTo(page, page.getByRole('link', { name: 'View basket' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/basket/');
    await expect(page.getByText('Kettle')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: /check ?out/i }).last());
    await stepShots(page, 'keyboard-basket');
  });
});

test('a customer checks out and pays with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, password } = await registerCustomer(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await bookByKeyboard(page);

  await test.step('Check out and pay asks to log in: the dialog has the focus', async () => {
    await tabTo(page, page.getByRole('link', { name: 'Check out and pay' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/checkout/');
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expectFocusIn(page, login);
    await tabAndType(page, login.getByRole('textbox', { name: 'Email' }), email);
    await tabAndType(page, login.getByRole('textbox', { name: 'Password', exact: true }), password);
    await page.keyboard.press('Enter');
    await expect(login).toBeHidden();
    await expectFocusIn(page, content(page));
  });

  await test.step('a delivery address on Jersey added from the checkout; the focus comes back', async () => {
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
    await chooseWithArrows(page, parish, 'St Helier');
    await tabAndType(page, delivery.getByRole('textbox', { name: 'Postcode' }), 'JE2 3AB');
    await tabTo(page, delivery.getByRole('button', { name: 'Save Address' }));
    await page.keyboard.press('Enter');
    await expect(delivery).toBeHidden();
    const deliveryChoice = page.getByRole('radiogroup', { name: 'Delivery address' });
    await expect(deliveryChoice.getByRole('radio', { name: /12 Rue de la Mare/ })).toBeChecked();
    // back on the button that opened the dialog
    await expect(page.getByRole('button', { name: 'Add a new address' }).first()).toBeFocused();
  });

  await test.step('the same address for the bill, the terms accepted, Enter on Pay', async () => {
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
  });

  await test.step("the sandbox's card page: card, expiry, code and name, a Tab between; Enter pays", async () => {
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await tabAndType(
      page,
      page.getByRole('textbox', { name: 'Card number' }),
      '4242 4242 4242 4242',
    );
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
});

test('three bookings shipped together, asked for and repacked with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await depotCustomer(request);
  // The floor's step here gives money back, which is the office's (decision 0046): an office
  // member, whose role holds the depot's too, does it.
  const depot = await staffMember(request, 'office');
  const booked: Awaited<ReturnType<typeof paidBooking>>[] = [];
  for (const description of ['Phone case', 'Paperbacks', 'Trainers']) {
    booked.push(await paidBooking(request, ann, { band: 'A', description, itemised: true }));
  }
  const choose = page.getByRole('group', { name: 'Bookings to Jersey' });
  const card = page.getByRole('listitem', { name: /^CON-/ });
  let reference = '';

  await test.step('Ship together asks to log in: the dialog has the focus', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/consolidation/');
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expectFocusIn(page, login);
    await tabAndType(page, login.getByRole('textbox', { name: 'Email' }), ann.email);
    await tabAndType(
      page,
      login.getByRole('textbox', { name: 'Password', exact: true }),
      ann.password,
    );
    await page.keyboard.press('Enter');
    await expect(login).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ship together');
  });

  await test.step('Tab reaches each booking and Space ticks it; Enter on See the price', async () => {
    for (const order of booked) {
      const box = choose.getByRole('checkbox', { name: new RegExp(order.Reference) });
      await tabTo(page, box);
      await toggleOn(page, box);
    }
    await tabTo(page, page.getByRole('button', { name: 'See the price' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('£2.90 back to you')).toBeVisible();
  });

  await test.step('Enter on Ship these 3 together: the focus moves to the notice that says so', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Ship these 3 together' }));
    await page.keyboard.press('Enter');
    const notice = page.getByRole('status').filter({ hasText: /consolidation is requested/ });
    await expect(notice).toBeFocused();
    await expect(card).toContainText('Waiting for parcels');
    reference = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await screenshots(page, 'keyboard-consolidation-requested');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // The depot, in a context of its own.
  const context = await page.context().browser()!.newContext();
  const staff = await context.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });

  await test.step('the depot member logs in: e-mail focused, Tab, password, Enter', async () => {
    await staff.goto('/admin/login/');
    const form = staff.getByRole('form', { name: 'Staff log in' });
    await typeInto(staff, form.getByRole('textbox', { name: 'Email' }), depot.email);
    await staff.keyboard.press('Tab');
    await typeInto(
      staff,
      form.getByRole('textbox', { name: 'Password', exact: true }),
      depot.password,
    );
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  await test.step('the three parcels are received on the receiving screen', async () => {
    await staff.goto('/admin/receive/');
    for (const order of booked) await receiveByKeyboard(staff, ann.reference, order.Reference);
  });

  await test.step('Consolidation: Tab to the request, Enter opens it, Start repacking focused', async () => {
    await staff.goto('/admin/consolidation/');
    await expect(staff.getByRole('row').filter({ hasText: reference })).toContainText('3 of 3');
    await tabTo(staff, staff.getByRole('button', { name: `Open ${reference}` }));
    await staff.keyboard.press('Enter');
    const repack = staff
      .getByRole('region', { name: reference })
      .getByRole('button', { name: 'Start repacking' });
    await expect(repack).toBeFocused();
    await staff.keyboard.press('Enter');
  });

  await test.step('the box weighed and measured, a Tab apart; Enter prices it', async () => {
    const region = staff.getByRole('region', { name: reference });
    await typeInto(staff, region.getByRole('textbox', { name: 'Weight (kg)' }), '6');
    for (const [label, cm] of [
      ['Length (cm)', '45'],
      ['Width (cm)', '35'],
      ['Height (cm)', '20'],
    ]) {
      await staff.keyboard.press('Tab');
      await typeInto(staff, region.getByRole('textbox', { name: label }), cm);
    }
    await staff.keyboard.press('Enter');
    await expect(region.getByText('£5.90 back to you')).toBeVisible();
  });

  await test.step('the tracking number focused, typed; Enter dispatches and shows the refund', async () => {
    const region = staff.getByRole('region', { name: reference });
    await typeInto(
      staff,
      region.getByRole('textbox', { name: 'Tracking number' }),
      'JP555000222GB',
    );
    await staff.keyboard.press('Enter');
    // shown at once in the Dispatched list, open, with the focus on it (not lost on the body)
    await expect(staff.getByRole('tab', { name: 'Dispatched' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(region).toBeFocused();
    await expect(region).toContainText('Refunded £5.90');
    await expect(region).toContainText('JP555000222GB');
    await screenshots(staff, 'keyboard-consolidation-dispatched');
  });
  await context.close();

  await test.step('the customer sees it dispatched as one, and the refund', async () => {
    await page.reload();
    await expect(card).toContainText('Dispatched');
    await expect(card.getByText('£5.90 refunded to your card.')).toBeVisible();
  });
});
