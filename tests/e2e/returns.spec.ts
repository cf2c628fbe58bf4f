import PDFDocument from 'pdfkit';
import { logIn } from './support/accounts';
import { axeProblems } from './support/booking';
import {
  depotCustomer,
  depotMember,
  outbox,
  paidBooking,
  receivedThroughApi,
  staffMember,
} from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { staffLogIn } from './support/staff';

// A return to the retailer with an uploaded label (decision 0039): the customer's parcel
// is at the depot; on the order's page they ask for it to go back with the retailer's label (a
// file that is not a label is refused first); the depot sees it on its Returns page, prints the
// label and marks it returned with the carrier's tracking number; the customer's page then shows
// it returned, with the unused crossing refunded and every step on the timeline.

const retailerLabel = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(14).text('JOHN LEWIS RETURNS - FREEPOST JL-RTN');
    doc.end();
  });

test('a return to the retailer with an uploaded label @pdf-viewer', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const ann = await depotCustomer(request);
  // The floor's step here gives money back, which is the office's (decision 0046): an office
  // member, whose role holds the depot's too, does it.
  const depot = await staffMember(request, 'office');
  const order = await paidBooking(request, ann, { description: 'Coat, wrong size' });
  await receivedThroughApi(request, depot.token, order.Id);
  const part = page.getByRole('region', { name: 'Return to the retailer' });
  const dialog = page.getByRole('dialog', { name: 'Return to the retailer' });
  const row = page
    .getByRole('table', { name: 'Returns to send back' })
    .getByRole('row')
    .filter({ hasText: order.Reference });

  await test.step("the customer asks for a return with the retailer's label: a way and a file are asked for, and a file that is not a label is refused", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/');
    await logIn(page, ann.email, ann.password);
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await part.getByRole('button', { name: 'Return to the retailer' }).click();
    await dialog.getByRole('button', { name: 'Ask for the return' }).click();
    await expect(dialog.getByText('Choose how the parcel goes back.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'I have the retailer’s return label' }).check();
    await dialog.getByRole('button', { name: 'Ask for the return' }).click();
    await expect(dialog.getByText('Choose the label file.')).toBeVisible();
    await expect(dialog.getByText('Choose how the parcel goes back.')).toBeHidden();
    await dialog.getByLabel('Label file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a label at all'),
    });
    await dialog.getByLabel('Why (optional)').fill('Wrong size');
    await dialog.getByRole('button', { name: 'Ask for the return' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The label is not a PDF, JPEG, PNG or WebP file.',
    );
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'return-ask-dialog');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('with the label as a PDF the return is asked: waiting to be sent back, and on the timeline', async () => {
    await dialog.getByLabel('Label file').setInputFiles({
      name: 'john-lewis-label.pdf',
      mimeType: 'application/pdf',
      buffer: await retailerLabel(),
    });
    await dialog.getByRole('button', { name: 'Ask for the return' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText('Return Requested');
    await expect(part.getByTestId('return-state')).toHaveText('Waiting to be sent back');
    await expect(part).toContainText('with the retailer’s label: “Wrong size”');
    await expect(part).toContainText('Your return is asked for');
    await expect(
      page.getByRole('list', { name: 'Timeline' }).getByRole('heading').last(),
    ).toHaveText('Return to the retailer asked');
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'return-asked');
  });

  await test.step('the depot sees it on Returns, its label ready, and prints the label', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await staffLogIn(page, depot.email, depot.password);
    await page.goto('/admin/returns/');
    await expect(row).toContainText('Label ready');
    await expect(row).toContainText('“Wrong size”');
    const popup = page.waitForEvent('popup');
    await row.getByRole('button', { name: 'Print label' }).click();
    expect((await popup).url()).toMatch(/^blob:/);
    await (await popup).close();
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'admin-returns', [768, 1280]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('Mark returned asks for the carrier; with it and the tracking number, it moves to Sent back', async () => {
    await row.getByRole('button', { name: `Mark ${order.Reference} returned` }).click();
    const mark = page.getByRole('dialog', { name: `Mark ${order.Reference} returned` });
    await mark.getByRole('button', { name: 'Mark returned' }).click();
    await expect(mark.getByText('Enter the carrier')).toBeVisible();
    await mark.getByLabel('Carrier').fill('Royal Mail Tracked 48');
    await mark.getByLabel('Tracking number').fill('RM123456785GB');
    await mark.getByRole('button', { name: 'Mark returned' }).click();
    await expect(mark).toBeHidden();
    await expect(
      page.getByRole('alert').filter({ hasText: 'returned to the retailer' }),
    ).toContainText(`${order.Reference} is returned to the retailer: £`);
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Sent back' }).click();
    await expect(
      page.getByRole('table', { name: 'Returns sent back' }).getByRole('row').filter({
        hasText: order.Reference,
      }),
    ).toContainText('Royal Mail Tracked 48 RM123456785GB');
  });

  await test.step('the customer sees it returned, the crossing refunded, each step on the timeline, and an e-mail', async () => {
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await expect(page.getByTestId('order-status')).toHaveText('Returned to Retailer');
    await expect(page.getByTestId('return-sent')).toContainText(
      'Sent back with Royal Mail Tracked 48, tracking number RM123456785GB.',
    );
    const titles = page.getByRole('list', { name: 'Timeline' }).getByRole('heading');
    await expect(titles).toContainText([
      'Received at our depot',
      'Return to the retailer asked',
      'Returned to the retailer',
      'Refunded',
    ]);
    await expect(page.getByTestId('refund-notice')).toContainText(
      'refunded to the card you paid with',
    );
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'return-returned');
    await expect
      .poll(async () =>
        (await outbox(request)).some(
          (e) => e.to.includes(ann.email) && e.kind === 'returned-to-retailer',
        ),
      )
      .toBe(true);
  });

  // The browser logs the one refusal the journey makes on purpose (the file that is not a label;
  // the carrier left empty is refused in the browser, by the route's own schema, before any
  // call); anything else still fails the test.
  const refused = /Failed to load resource: the server responded with a status of 400/;
  expect(consoleErrors.filter((e) => refused.test(e))).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused.test(e)));
});

test('a return withdrawn before the depot acts: the parcel goes to the island', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const order = await paidBooking(request, ann, { description: 'Boots' });
  await receivedThroughApi(request, depot.token, order.Id);
  // Asked with a label we buy, not paid yet.
  const asked = await request.post(`/public/orders/return/${order.Id}`, {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { BuyLabel: true, Reason: 'Changed my mind' },
  });
  expect(asked.status()).toBe(201);
  const part = page.getByRole('region', { name: 'Return to the retailer' });
  const dialog = page.getByRole('dialog', { name: 'Withdraw the return?' });

  await test.step("the return's label is being got; Withdraw the return asks first: its invoice is cancelled", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/');
    await logIn(page, ann.email, ann.password);
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await expect(part.getByTestId('return-state')).toHaveText('We are getting the return label');
    await part.getByRole('button', { name: 'Withdraw the return' }).click();
    await expect(dialog).toContainText('its invoice is cancelled');
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'return-withdraw-dialog');
  });

  await test.step('withdrawn: the parcel goes to the island, the return offered again, and an e-mail sent', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Withdraw the return' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText('Received at Depot');
    await expect(
      page.getByRole('list', { name: 'Timeline' }).getByRole('heading').last(),
    ).toHaveText('Return to the retailer withdrawn: it goes to the island');
    await expect(part.getByRole('button', { name: 'Return to the retailer' })).toBeVisible();
    await expect(part).toContainText('Your return is withdrawn: the parcel goes to the island');
    await screenshots(page, 'return-withdrawn');
    await expect
      .poll(async () =>
        (await outbox(request)).some(
          (e) => e.to.includes(ann.email) && e.kind === 'return-withdrawn',
        ),
      )
      .toBe(true);
  });
});
