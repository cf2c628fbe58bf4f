import { linkFromOutbox, logIn, registerCustomer, unique } from './support/accounts';
import { expect, screenshots, test } from './support/fixtures';
import { FIRST_ADMIN, FIRST_DEPOT, staffLogIn } from './support/staff';

// The back office's front door: the first admin (ADMIN_EMAIL) logs in at /admin/,
// invites a depot member by e-mail; the depot member sets a password from the link and sees only
// what a depot account may use. Customers never download the back office's code, and a staff
// account cannot log in on the customer's dialog.

test('an admin invites a depot member, who sets a password and sees only the depot’s areas', async ({
  page,
  request,
  consoleErrors,
}) => {
  await test.step('the admin logs in at /admin/ after a wrong password, and comes back to Staff', async () => {
    await page.goto('/admin/staff/');
    // not logged in: the log-in page, which comes back to the staff page afterwards
    await expect(page).toHaveURL(/\/admin\/login\/\?next=%2Fadmin%2Fstaff%2F/);
    await expect(page.getByRole('banner')).toContainText('Ferrybox back office');
    await expect(page.getByRole('link', { name: 'How it works' })).toHaveCount(0);
    await screenshots(page, 'admin-login');
    const form = page.getByRole('form', { name: 'Staff log in' });
    await form.getByRole('textbox', { name: 'Email' }).fill(FIRST_ADMIN.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/$/);
    await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Staff' })).toContainText(FIRST_ADMIN.email);
  });

  const email = await test.step('the admin invites a depot member, with the keyboard', async () => {
    // invite a depot member, with the keyboard
    const email = `depot.${unique()}@staff.ferrybox.test`;
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite staff' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('This field is required')).toHaveCount(3);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Dee');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Pott');
    await dialog.getByRole('textbox', { name: 'Last Name' }).press('Enter');
    await expect(dialog).toContainText(`The invitation is on its way to ${email}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Invited');
    await expect(row.getByRole('combobox', { name: 'Role of Dee Pott' })).toHaveText('depot');
    await screenshots(page, 'admin-staff');
    return email;
  });

  await test.step("the depot member follows the e-mail's link in a fresh session and sets a password", async () => {
    // the depot member follows the link from the e-mail, in a fresh browser session
    const link = await linkFromOutbox(request, email, 'staff-invitation', '/admin/invitation/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/admin\/login\/$/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Welcome to the back office' })).toBeVisible();
    await screenshots(page, 'admin-invitation');
    const setPassword = page.getByRole('form', { name: 'Choose your password' });
    await setPassword
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('Depot-Floor-7!');
    await setPassword.getByRole('textbox', { name: 'Confirm Password' }).fill('Depot-Floor-7!');
    await setPassword.getByRole('button', { name: 'Set my password' }).click();
    await expect(page.getByRole('heading', { name: 'Hello Dee' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Dee Pott (depot)');
    await screenshots(page, 'admin-home-depot');
  });

  await test.step('a depot account has no Staff area', async () => {
    // a depot account has no Staff area (and the server refuses its calls: tests/api/staff.test.ts)
    await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await page.goto('/admin/staff/');
    await expect(page.getByRole('alert')).toHaveText(
      'Your role (depot) cannot use this part of the back office.',
    );
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  await test.step("the same account cannot log in on the customer's dialog", async () => {
    // the same account cannot log in on the customer's dialog
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await logIn(page, email, 'Depot-Floor-7!');
    await expect(page.getByRole('dialog', { name: 'Login' }).getByRole('alert')).toHaveText(
      'Email or password is incorrect.',
    );
  });

  // the wrong passwords' 401s are the browser's only console errors
  expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});

test('a customer’s pages never download the back office’s code', async ({ page, request }) => {
  const customer = await registerCustomer(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await logIn(page, customer.email, customer.password);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
  await page.goto('/dashboard/');
  await expect(page.getByRole('heading', { name: 'Hello, Ann' })).toBeVisible();
  await page.goto('/basket/');
  await expect(page.getByRole('heading', { name: 'Your basket', exact: true })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /admin|staff/i.test(s))).toEqual([]);
  // whereas the back office loads its own
  await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  expect(scripts.filter((s) => /admin/i.test(s)).length).toBeGreaterThan(0);
});

test('a depot member made with npm run create-staff logs in and sees the depot’s areas', async ({
  page,
}) => {
  await staffLogIn(page, FIRST_DEPOT.email, FIRST_DEPOT.password);
  await expect(page.getByRole('banner')).toContainText('Dana Depot (depot)');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Receive' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dispatch' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
});
