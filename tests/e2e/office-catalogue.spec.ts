import type { APIRequestContext } from '@playwright/test';
import { staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { expectAudited, staffLogIn } from './support/staff';

// The office keeps the site right without a developer: an office member changes the
// notice banner and a price band's price on the back office's screens, and the public site shows
// both on the next page load, with no rebuild (the write clears the server's cache; the banner
// is written into the page by the server, the prices are fetched by the page).

const BANNER = 'Liberation Day, 9 May: the depot is closed and sailings run a day late.';

/** Puts the notice banner and band M back as the other journeys expect them. */
async function restore(request: APIRequestContext, token: string, banner: string, price: number) {
  const headers = { authorization: `Bearer ${token}` };
  await request.put('/api/admin/settings', { headers, data: { Notice: { NoticeBanner: banner } } });
  const bands = await (await request.get('/api/admin/catalogue/products', { headers })).json();
  const { Id, ...band } = bands.items.find((b: { Code: string }) => b.Code === 'M');
  await request.put(`/api/admin/catalogue/products/${Id}`, {
    headers,
    data: { ...band, Price: price },
  });
}

// It changes what every page shows while it runs (the banner, band M's price): the @alone tag
// runs it after the other journeys, by itself (playwright.config.ts).
test('an office member changes the notice banner and band M’s price; the public site shows both @alone', async ({
  page,
  request,
  consoleErrors,
}) => {
  const office = await staffMember(request, 'office');
  const headers = { authorization: `Bearer ${office.token}` };
  const before = await (await request.get('/api/admin/settings', { headers })).json();
  try {
    await staffLogIn(page, office.email, office.password);

    await test.step('Settings: the notice banner saved; a phone number the shared rules refuse', async () => {
      // Settings: the notice banner, and a phone number the shared rules refuse.
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const notice = page.getByRole('form', { name: 'Notice banner' });
      await notice.getByRole('textbox', { name: 'Notice banner' }).fill(BANNER);
      await notice.getByRole('button', { name: 'Save notice banner' }).click();
      await expect(notice.getByRole('alert')).toContainText('Saved');
      const contact = page.getByRole('form', { name: 'Contact details' });
      await contact.getByRole('textbox', { name: 'Phone' }).fill('ring us');
      await contact.getByRole('button', { name: 'Save contact details' }).click();
      await expect(contact.getByText('Please enter a valid telephone number')).toBeVisible();
      // A refusal that names a field shows on that field, as the browser's own check does (the
      // answer is made up: the browser checks the same schema, so the server's rarely arrives).
      const email = contact.getByRole('textbox', { name: 'Email' });
      await contact.getByRole('textbox', { name: 'Phone' }).fill('01534 700000');
      await page.route('**/api/admin/settings', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              json: {
                statusCode: 400,
                message: 'Validation failed',
                errors: [{ field: 'Contact.Email', error: 'That address cannot be reached' }],
              },
            })
          : route.fallback(),
      );
      await contact.getByRole('button', { name: 'Save contact details' }).click();
      await expect(email).toHaveAccessibleDescription('That address cannot be reached');
      await expect(contact.getByRole('alert')).toHaveCount(0);
      // typing in the field takes its message away
      const address = await email.inputValue();
      await email.fill(`${address}x`);
      await expect(email).not.toHaveAccessibleDescription('That address cannot be reached');
      await email.fill(address);
      await page.unroute('**/api/admin/settings');
      expect(consoleErrors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
      consoleErrors.length = 0;
      await screenshots(page, 'admin-settings', [1280]);
    });

    await test.step("Catalogue: band M's price refused with three decimals, saved at £134.50; the extras listed", async () => {
      // Catalogue: band M's price.
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Catalogue' })
        .click();
      const bands = page.getByRole('table', { name: 'Price bands' });
      const rowM = bands.getByRole('row').filter({ hasText: 'Maximum size' });
      await expect(rowM).toContainText('£129.95');
      await rowM.getByRole('button', { name: 'Edit band M' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit price band M' });
      const price = dialog.getByRole('textbox', { name: 'Price' });
      await price.fill('12.345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('must have at most 2 decimals')).toBeVisible();
      await price.fill('134.50');
      await screenshots(page, 'admin-catalogue-band', [1280]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(rowM).toContainText('£134.50');
      await screenshots(page, 'admin-catalogue', [1280]);
      await page.getByRole('tab', { name: 'Extras' }).click();
      await expect(page.getByRole('table', { name: 'Extras' })).toContainText('Storage (per week)');
      await screenshots(page, 'admin-catalogue-extras', [1280]);
    });

    await test.step('a new discount code: the percent asked for, then created and disabled', async () => {
      await page.getByRole('tab', { name: 'Discount codes' }).click();
      await expect(page).toHaveURL(/\/admin\/catalogue\/\?tab=discounts$/);
      const codes = page.getByRole('table', { name: 'Discount codes' });
      await expect(codes).toContainText('WELCOME10');
      await page.getByRole('button', { name: 'New discount code' }).click();
      const create = page.getByRole('dialog', { name: 'New discount code' });
      const code = `MAY-${Date.now().toString(36).toUpperCase()}`;
      await create.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
      await create.getByRole('button', { name: 'Create code' }).click();
      await expect(create.getByText('This field is required')).toBeVisible(); // the percent
      await create.getByRole('textbox', { name: 'Percent off' }).fill('15');
      await screenshots(page, 'admin-catalogue-new-code', [1280]);
      await create.getByRole('button', { name: 'Create code' }).click();
      await expect(create).toBeHidden();
      const row = codes.getByRole('row').filter({ hasText: code });
      await expect(row).toContainText('15% off');
      await row.getByRole('button', { name: `Disable ${code}` }).click();
      await expect(row).toContainText('Disabled');
      await screenshots(page, 'admin-catalogue-discounts', [1280]);
    });

    await test.step('a code another discount code has is refused by the server, on the Code field', async () => {
      // Only the server knows which codes are taken: its refusal shows on the field, until typed in.
      await page.getByRole('button', { name: 'New discount code' }).click();
      const create = page.getByRole('dialog', { name: 'New discount code' });
      const code = create.getByRole('textbox', { name: 'Code' });
      await code.fill('WELCOME10');
      await create.getByRole('textbox', { name: 'Percent off' }).fill('10');
      await create.getByRole('button', { name: 'Create code' }).click();
      await expect(code).toHaveAccessibleDescription('is already used by another discount code');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(create.getByRole('alert')).toHaveCount(0);
      await code.fill('WELCOME100');
      await expect(code).toHaveAttribute('aria-invalid', 'false');
      await create.getByRole('button', { name: 'Cancel' }).click();
      await expect(create).toBeHidden();
      expect(consoleErrors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
      consoleErrors.length = 0;
    });

    await test.step('the public site: the banner in the page as served, the new price on the home page and the band step', async () => {
      // The public site: the banner in the page as served, the new price on the home page and the
      // booking's band step.
      const home = await page.goto('/');
      expect(await home!.text()).toContain(BANNER);
      await expect(page.getByTestId('notice-banner')).toHaveText(BANNER);
      const bandM = page.getByTestId('price-band').filter({ hasText: 'Price Band M' });
      await expect(bandM).toContainText('£134.50');
      await page.goto('/order/');
      await expect(page.getByTestId('notice-banner')).toHaveText(BANNER);
      await expect(
        page.getByTestId('band-option').filter({ hasText: 'Price Band M' }),
      ).toContainText('£134.50');
    });

    await test.step('the audit log names who changed the banner and the band', async () => {
      // The audit log names who changed the banner and the band.
      await expectAudited(page, { subject: 'Setting', action: 'update' }, office);
      await expectAudited(page, { subject: 'Product', action: 'update' }, office);
    });
  } finally {
    await restore(request, office.token, before.Notice.NoticeBanner, 129.95);
  }
});
