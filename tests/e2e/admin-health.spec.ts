import { staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { FIRST_ADMIN, staffLogIn } from './support/staff';

// The operators' health screen: an admin opens Health from the back office and sees
// the queues, e-mails waiting, refunds pending and the last backup; the office has no such area.

test('an admin sees the health figures; the office is not offered them', async ({
  page,
  request,
  consoleErrors,
}) => {
  await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Health' })
    .click();
  await expect(page).toHaveURL(/\/admin\/health\/$/);
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible();
  for (const tile of ['Jobs waiting', 'E-mails waiting', 'Refunds pending', 'Last backup']) {
    await expect(page.getByRole('region', { name: tile })).toBeVisible();
  }
  const queues = page.getByRole('table', { name: 'Job queues' });
  await expect(queues.getByRole('rowheader', { name: 'payments-expire' })).toBeVisible();
  await screenshots(page, 'admin-health');

  const office = await staffMember(request, 'office');
  await page.getByRole('button', { name: 'Log out' }).click();
  await staffLogIn(page, office.email, office.password);
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Health' }),
  ).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
