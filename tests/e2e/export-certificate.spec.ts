import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, screenshots, test } from './support/fixtures';
import { axeProblems } from './support/booking';
import { logIn } from './support/accounts';
import { shippedBooking } from './support/orders';

// The export certificate: a paid parcel goes through the depot (the server's
// /dev/parcels routes, as staff will), the customer downloads its certificate, and the
// retailer opens the address its QR code carries, /verify/{code}; a wrong code says so.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The sailing: two days ago (yyyy-MM-dd), and as the certificate shows it (dd-MM-yyyy). */
const SAILING = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const SAILING_SHOWN = SAILING.split('-').reverse().join('-');

/** A paid parcel to Jersey that left Portsmouth on a sailing two days ago. */
const exportedOrder = (request: APIRequestContext) =>
  shippedBooking(request, SAILING, { ItemDescription: 'Coffee machine', ItemValue: 249.5 });

test('a certificate is downloaded and its QR code opens a page that confirms it', async ({
  page,
  request,
}) => {
  const { token, email, password, order } = await exportedOrder(request);

  await test.step('the API answers the certificate as a PDF named after the order', async () => {
    const answer = await request.get(`/public/orders/exportcert/${order.Id}`, {
      headers: auth(token),
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-disposition']).toBe(
      `attachment; filename="Export-Certificate-${order.Reference}.pdf"`,
    );
  });

  const verifyUrl =
    await test.step("the customer downloads it from the order's page: the order, its value, the island and the sailing", async () => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Login' }).first().click();
      await logIn(page, email, password);
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
      await page.goto(`/dashboard/orders/${order.Id}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download export certificate' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`Export-Certificate-${order.Reference}.pdf`);
      const body = fs.readFileSync(await download.path());
      // Kept beside the screenshots, to be looked at.
      fs.writeFileSync('tests/.artifacts/export-certificate.pdf', body);
      const pdf = await getDocumentProxy(new Uint8Array(body));
      const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
      for (const fact of [order.Reference, '£249.50', 'Jersey, Channel Islands', SAILING_SHOWN]) {
        expect(text).toContain(fact);
      }
      // The address the QR code carries, printed under it too.
      const verifyUrl = /https?:\/\/\S+\/verify\/([0-9A-Z]{20})/.exec(text);
      expect(verifyUrl).not.toBeNull();
      return verifyUrl![0];
    });

  await test.step("the retailer opens the QR code's address: genuine, with the key facts and nothing more", async () => {
    await page.goto(new URL(verifyUrl).pathname);
    await expect(page).toHaveTitle('Export certificate check - Ferrybox');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('status')).toContainText('This certificate is genuine.');
    const facts = page.locator('dl');
    for (const [label, value] of [
      ['Order reference', order.Reference],
      ['Date of export', SAILING_SHOWN],
      ['Destination', 'Jersey, Channel Islands'],
      ['Goods', 'Coffee machine'],
      ['Value', '£249.50'],
    ]) {
      await expect(facts.locator('dt', { hasText: label }).locator('+ dd')).toHaveText(value);
    }
    // The key facts and nothing more: no names, no addresses (the header's account menu, which
    // names the logged-in customer, is not the page's).
    await expect(page.getByRole('main').getByText('Le Brocq')).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Rue de la Mare')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'verify-certificate-genuine');
  });
});

test('a wrong code is not confirmed', async ({ page, consoleErrors }) => {
  await page.goto('/verify/7KQ2M-9XW4H-CT8RB-Z3N6P');
  await expect(page.getByRole('alert')).toHaveText(
    'We could not find a certificate with this code.',
  );
  await expect(page.getByText('7KQ2M-9XW4H-CT8RB-Z3N6P')).toBeVisible();
  await expect(page.getByText('This certificate is genuine')).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);
  await screenshots(page, 'verify-certificate-unknown');
  // The browser logs the refused check (404); nothing else may be logged.
  expect(consoleErrors).toEqual([
    expect.stringMatching(/Failed to load resource: the server responded with a status of 404/),
  ]);
  consoleErrors.length = 0;
});
