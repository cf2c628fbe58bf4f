import fs from 'node:fs/promises';
import { logIn } from './support/accounts';
import { depotCustomer, paidBooking, staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { staffLogIn } from './support/staff';

// The office's customers and audit log: an office member finds a customer by e-mail,
// opens them, sees their order, exports everything held about them (a JSON file with their
// reference), disables the account (the customer's log-in is refused, and says why), and finds
// those actions in the audit log under their own name.

test('the office finds a customer, exports and disables the account, and sees it audited', async ({
  page,
  request,
  consoleErrors,
}) => {
  const ann = await depotCustomer(request, 'Annette');
  const order = await paidBooking(request, ann, { description: 'Espresso machine' });
  const office = await staffMember(request, 'office');

  const table =
    await test.step('the office member finds the customer by e-mail; the search stays in the address', async () => {
      await staffLogIn(page, office.email, office.password);
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Customers' })
        .click();
      await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
      const search = page.getByRole('search', { name: 'Find customers' });
      await search
        .getByRole('textbox', { name: 'Reference, e-mail or name' })
        .fill(ann.email.toUpperCase());
      await search.getByRole('button', { name: 'Search' }).click();
      // the search is in the address: reloading shows the same list
      await expect(page).toHaveURL(/\/admin\/customers\/\?search=/);
      await page.reload();
      const table = page.getByRole('table', { name: 'Customers' });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText(ann.email);
      await expect(table).toContainText('Annette Le Brocq');
      await screenshots(page, 'admin-customers', [1280]);
      return table;
    });

  await test.step("the customer's page: profile, addresses and order, no secrets; the household card above the orders", async () => {
    await table.getByRole('link', { name: ann.reference }).click();
    await expect(page.getByRole('heading', { name: 'Annette Le Brocq', level: 1 })).toBeVisible();
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile).toContainText(ann.email);
    await expect(profile).toContainText('not validated');
    await expect(page.getByRole('region', { name: 'Addresses' })).toContainText('Delivery');
    const orders = page.getByRole('table', { name: 'Orders' });
    await expect(orders).toContainText('Espresso machine');
    await expect(orders.getByRole('link', { name: order.Reference })).toHaveAttribute(
      'href',
      `/admin/orders/${order.Id}`,
    );
    await expect(page.getByText(/password|token/i)).toHaveCount(0);
    // The household card ends above the orders, not behind them.
    const household = page.getByRole('region', { name: 'Household' });
    await expect(household).toContainText('Nobody else named on the account.');
    const [above, below] = await Promise.all(
      [household, page.getByRole('region', { name: 'Orders' })].map((r) => r.boundingBox()),
    );
    expect(above!.y + above!.height).toBeLessThan(below!.y);
    await screenshots(page, 'admin-customer', [1280]);
  });

  await test.step("Export data: the customer's data as a JSON file", async () => {
    // export: the download is the customer's data as JSON
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export data (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`customer-${ann.reference}.json`);
    const text = await fs.readFile((await download.path())!, 'utf8');
    const data = JSON.parse(text) as {
      Customer: { Reference: string; Email: string };
      Orders: { Order: { Reference: string } }[];
    };
    expect(data.Customer).toMatchObject({ Reference: ann.reference, Email: ann.email });
    expect(data.Orders.map((o) => o.Order.Reference)).toEqual([order.Reference]);
    expect(text).not.toContain(ann.token);
    expect(text).not.toMatch(/password/i);
  });

  await test.step('Disable account, after a confirmation', async () => {
    // disable, after a confirmation
    await page.getByRole('button', { name: 'Disable account' }).click();
    const confirm = page.getByRole('dialog', { name: /Disable Annette Le Brocq/ });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'The account is disabled: the customer was logged out and cannot log in.',
    );
    await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
  });

  await test.step("the customer's token no longer works, and the site's log-in says the account is disabled", async () => {
    // the customer's token no longer works, and the site's log-in says the account is disabled
    const me = await request.get('/public/auth/me', {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(me.status()).toBe(401);
    const customerPage = await page.context().newPage();
    await customerPage.goto('/');
    await customerPage.getByRole('button', { name: 'Login' }).first().click();
    await logIn(customerPage, ann.email, ann.password);
    await expect(customerPage.getByRole('dialog', { name: 'Login' }).getByRole('alert')).toHaveText(
      'This account has been disabled. Please contact us if you think this is a mistake.',
    );
    await customerPage.close();
  });

  await test.step("the audit log shows the export and the disabling, with the office member's name", async () => {
    // the audit log shows the export and the disabling, with the office member's name
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByRole('textbox', { name: 'Record id or reference' }).fill(ann.reference);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`subjectId=${ann.reference}`));
    const log = page.getByRole('table', { name: 'Audit log' });
    const disabled = log.getByRole('row').filter({ hasText: 'customer.disable' });
    await expect(disabled).toContainText(office.name);
    await expect(disabled).toContainText(office.email);
    await expect(disabled).toContainText('Status: Active → Disabled');
    await expect(log.getByRole('row').filter({ hasText: 'customer.export' })).toContainText(
      office.name,
    );
    await page.reload();
    await expect(log.getByRole('row')).toHaveCount(3);
    await screenshots(page, 'admin-audit', [1280]);
  });

  // the disabled customer's refused log-in (403) and token (401) are the only console errors
  expect(consoleErrors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});
