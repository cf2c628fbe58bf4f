import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { Invoice } from '../../src/shared/api/orders';
import { logIn } from './support/accounts';
import { depot, paidBooking } from './support/orders';
import { axeProblems, stepShots } from './support/booking';
import { expect, screenshots, test } from './support/fixtures';

// The order's page in My Account: a paid parcel is received at the depot (weighed and
// photographed) and leaves on a sailing; the customer follows it on the timeline, opens the
// photo and the carrier's tracking page, sees an invoice to pay, and reports missing items.

const PHOTO = fs.readFileSync('public/og-image.png').toString('base64');

const entry = (page: Page, title: string) =>
  page.getByTestId('timeline-entry').filter({ has: page.getByRole('heading', { name: title }) });

test('a customer follows a parcel to the island and reports missing items', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const { email, password, order } = await paidBooking(request);
  await depot(request, 'receive', {
    OrderReference: order.Reference,
    WeightGrams: 2350,
    LengthMm: 400,
    WidthMm: 300,
    HeightMm: 200,
    Shelf: 'B-12',
    Photos: [{ Data: PHOTO }],
  });

  await test.step('waiting at the depot: the timeline so far, nothing to report yet', async () => {
    // Waiting at the depot: the timeline so far, nothing to report yet.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await logIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.Reference}`);
    await expect(page).toHaveTitle(`Order ${order.Reference} - Ferrybox`);
    await expect(page.getByTestId('order-status')).toHaveText('Received at Depot');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('heading')).toHaveText([
      'Booked',
      'Paid',
      'Received at our depot',
    ]);
    await expect(entry(page, 'Received at our depot')).toContainText(
      'Weight 2.35 kg · 40 × 30 × 20 cm',
    );
    await expect(page.getByText('B-12')).toHaveCount(0); // the shelf is the depot's business
    await expect(page.getByRole('button', { name: 'Report missing items' })).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText('£12.95');
    // when it arrives, from its place on the sailings (docs/decisions/0049)
    await expect(page.getByTestId('order-arrival')).toContainText(
      /When it arrives\s*It leaves on the sailing of \w+ \d+ \w+, and it arrives /,
    );
    await screenshots(page, 'order-detail-arrival', [390, 1280]);
  });

  await test.step('the photo, as a thumbnail and larger', async () => {
    // The photo, as a thumbnail and larger.
    await page.getByRole('button', { name: /^Open your parcel at our depot, photo 1/ }).click();
    const photo = page.getByRole('dialog', { name: 'Photo of your parcel' });
    const image = photo.getByRole('img', { name: 'Your parcel at our depot, photo 1' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await stepShots(page, 'order-detail-photo');
    await photo.getByRole('button', { name: 'Close' }).click();
    await expect(photo).toBeHidden();
  });

  const invoice =
    await test.step('it sails with Jersey Post; an invoice for excess carriage is raised', async () => {
      // It sails with Jersey Post; an invoice for excess carriage is raised.
      await depot(request, 'dispatch', {
        OrderReferences: [order.Reference],
        Carrier: 'jersey-post',
        SailingDate: '2026-12-01',
      });
      const raised = await request.post('/dev/invoices', {
        data: { OrderReference: order.Reference, Amount: 4.5, Reason: 'Excess carriage' },
      });
      expect(raised.status()).toBe(201);
      const invoice = (await raised.json()) as Invoice;
      return invoice;
    });

  await test.step("the page shows it shipped, the carrier's tracking link and the invoice to pay", async () => {
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    const sailed = entry(page, 'On its way to the island');
    await expect(sailed).toContainText('Sailed 01-12-2026 with Jersey Post');
    const tracking = sailed.getByRole('link', { name: /Track with Jersey Post/ });
    await expect(tracking).toHaveAttribute('target', '_blank');
    await expect(tracking).toHaveAttribute(
      'href',
      /^https:\/\/www\.jerseypost\.com\/track\/\?trackingNumber=CI\d{9}GB$/,
    );
    const pay = page.getByRole('link', { name: 'Pay £4.50' });
    await expect(pay).toHaveAttribute('href', `/dashboard/pay/${invoice.Id}`);
    await expect(page.getByTestId('payment')).toContainText('Booking payment');
    await stepShots(page, 'order-detail-shipped');
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('Report missing items: the description is checked before it is sent, then a case opens', async () => {
    // Missing items: the description is checked before it is sent, then a case opens.
    await page.getByRole('button', { name: 'Report missing items' }).click();
    const report = page.getByRole('dialog', { name: 'Report missing items' });
    const description = report.getByRole('textbox', { name: 'What is missing?' });
    await description.fill('Toaster');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(
      report.getByText('Your description must be at least 10 characters.'),
    ).toBeVisible();
    await stepShots(page, 'order-detail-report');
    expect(await axeProblems(page)).toEqual([]);
    await description.fill('The toaster was not in the box, only the kettle.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report).toBeHidden();
    await expect(page.getByRole('status')).toHaveText(
      /^Thank you\. We have opened case CASE-\d{6} and will reply by email\.$/,
    );
    const opened = page.getByTestId('order-case');
    await expect(opened.getByTestId('case-status')).toHaveText('Open');
    await expect(opened).toContainText('The toaster was not in the box, only the kettle.');
    await expect(
      page.getByText(/^Something else missing\? We will add it to case CASE-/),
    ).toBeVisible();
    await stepShots(page, 'order-detail-case');
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('the acknowledgement is e-mailed', async () => {
    // The acknowledgement is in the outbox.
    await expect
      .poll(async () => {
        const entries = (await (await request.get('/dev/outbox.json')).json()) as {
          to: string;
          kind: string;
        }[];
        return entries.some((e) => e.to.includes(email) && e.kind === 'missing-items');
      })
      .toBe(true);
  });

  await test.step('an order not theirs (or not there) is not found; a non-digit id is the 404 page', async () => {
    // An order that is not theirs (or not there) is not found; a non-digit id is the 404 page.
    await page.goto('/dashboard/orders/999999/');
    await expect(page.getByText('This order was not found.')).toBeVisible();
    await page.goto('/dashboard/orders/abc/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  const expected = /Failed to load resource: the server responded with a status of 404/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
});
