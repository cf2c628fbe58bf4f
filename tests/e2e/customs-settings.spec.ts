import { staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { staffLogIn } from './support/staff';

// The office edits the customs paperwork's numbers (docs/decisions/0040) on the
// Settings screen: a value the shared rules refuse is named on its field, a good one is saved and
// read back after a reload. It changes what dispatch does while it runs: the @alone tag runs it
// after the other journeys, by itself (playwright.config.ts).
test('an office member changes the evidence warning days; a senseless value is refused on its field @alone', async ({
  page,
  request,
}) => {
  const office = await staffMember(request, 'office');
  const headers = { authorization: `Bearer ${office.token}` };
  const before = await (await request.get('/api/admin/settings', { headers })).json();
  try {
    const customs = page.getByRole('form', { name: 'Customs paperwork' });
    await test.step("Settings shows the customs paperwork's numbers", async () => {
      await staffLogIn(page, office.email, office.password);
      await page.goto('/admin/settings/');
      await expect(customs.getByRole('textbox', { name: 'CN22 limit' })).toHaveValue('270.00');
      await expect(customs.getByRole('textbox', { name: 'Evidence months' })).toHaveValue('3');
    });

    await test.step('400 warning days are refused on their field', async () => {
      await customs.getByRole('textbox', { name: 'Warning days' }).fill('400');
      await customs.getByRole('button', { name: 'Save customs' }).click();
      await expect(customs.getByText('must be between 0 and 365')).toBeVisible();
      await customs.scrollIntoViewIfNeeded();
      await screenshots(page, 'admin-settings-customs-refused', [1280]);
    });

    await test.step('21 warning days are saved, and read back after a reload', async () => {
      await customs.getByRole('textbox', { name: 'Warning days' }).fill('21');
      await customs.getByRole('button', { name: 'Save customs' }).click();
      await expect(customs.getByRole('alert')).toContainText('Saved');
      await screenshots(page, 'admin-settings-customs', [1280]);

      await page.reload();
      await expect(
        page.getByRole('form', { name: 'Customs paperwork' }).getByRole('textbox', {
          name: 'Warning days',
        }),
      ).toHaveValue('21');
    });
  } finally {
    await request.put('/api/admin/settings', { headers, data: { Customs: before.Customs } });
  }
});
