// The customs paperwork (docs/decisions/0040), from booking to certificate: the customer
// books a parcel worth more than £270 item by item with the date of their order with the retailer
// and pays; the depot receives it and corrects one item line from the invoice; it is dispatched,
// its CN23 and the sailing's customs data file are downloaded from the dispatch screen and read
// back; the customer sees the leave-by date on the order page and downloads the export
// certificate, which lists every item line.
import fs from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Download, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { acceptTerms, chooseBand } from './support/booking';
import { depotCustomer, depotMember, receiveSearch } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { staffLogIn } from './support/staff';

const STAFF_WIDTHS = [768, 1280];

async function pdfText(download: Download): Promise<string> {
  const body = fs.readFileSync((await download.path())!);
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

test('booking with item lines, corrected at receipt, dispatched with its CN23 and the data file; the certificate lists every item', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);

  await test.step('the customer chooses band C, names John Lewis and its order number, accepts the terms', async () => {
    await page.goto('/order/');
    await chooseBand(page, 'C');
    await page.getByRole('textbox', { name: 'Retailer', exact: true }).fill('John Lewis');
    await page.getByLabel('Retailer’s order number').fill('JL-2026-555');
    await page.getByRole('button', { name: 'Continue' }).click();
    await acceptTerms(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What are you sending?');
  });

  const orderDay =
    await test.step('goods, value, number of items, island, and the date of the order with the retailer picked', async () => {
      await page.getByLabel('What is in the parcel?').fill('Espresso machine and cups');
      await page.getByLabel('Value of the goods').fill('320');
      await page.getByLabel('Number of items').fill('3');
      await page.getByLabel('Destination island').selectOption('Jersey');
      await page.getByLabel('Date of your order with the retailer').click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('gridcell', { name: '1', exact: true }).click();
      await picker.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByLabel('Date of your order with the retailer')).toHaveValue(
        /^01-\d\d-\d{4}$/,
      );
      const orderDay = await page.getByLabel('Date of your order with the retailer').inputValue();
      return orderDay;
    });

  await test.step('two item lines make up the £320.00 declared; added to the basket', async () => {
    await page.getByRole('button', { name: 'Add an item line' }).click();
    const first = page.getByRole('listitem', { name: 'Item line 1' });
    await first.getByRole('textbox', { name: 'Item', exact: true }).fill('Espresso machine');
    await first.getByRole('textbox', { name: 'Quantity' }).fill('1');
    await first.getByRole('textbox', { name: 'Value of one' }).fill('290');
    await first.getByRole('combobox', { name: 'Made in' }).selectOption('IT');
    await page.getByRole('button', { name: 'Add an item line' }).click();
    const second = page.getByRole('listitem', { name: 'Item line 2' });
    await second.getByRole('textbox', { name: 'Item', exact: true }).fill('Espresso cup');
    await second.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await second.getByRole('textbox', { name: 'Value of one' }).fill('15');
    await expect(page.getByTestId('item-lines-total')).toHaveText(
      'Lines total £320.00 of £320.00 declared',
    );
    await screenshots(page, 'customs-booking-details');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Any extras?');
    await page.getByRole('button', { name: /^(Add to basket|Update basket)$/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Added to your basket');
  });

  const order =
    await test.step("checkout with the saved address and the terms accepted: the sandbox's card pays", async () => {
      await page.goto('/checkout/');
      await logIn(page, ann.email, ann.password);
      await expect(page.getByRole('radio', { name: /12 Rue de la Mare/ }).first()).toBeChecked();
      await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
      await page.getByTestId('pay-button').click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/payment\/success\//);
      const list = await request.post('/public/orders', {
        headers: { authorization: `Bearer ${ann.token}` },
        data: {},
      });
      const { Orders } = (await list.json()) as { Orders: { Id: number; Reference: string }[] };
      const order = Orders[0];
      expect(order).toBeDefined();
      return order;
    });
  const paperwork = page.getByRole('region', { name: 'Customs paperwork of this sailing' });

  await test.step('the depot receives it by its reference: weighed, measured and shelved', async () => {
    await staffLogIn(page, depot.email, depot.password);
    await page.goto('/admin/receive/');
    const search = receiveSearch(page);
    await search.fill(order.Reference);
    await search.press('Enter');
    await page.getByRole('listbox', { name: 'Bookings' }).press('Enter');
    const form = page.getByRole('form', { name: 'Receive the parcel' });
    await form.getByRole('textbox', { name: 'Weight (kg)' }).fill('4');
    await form.getByRole('textbox', { name: 'Length (cm)' }).fill('45');
    await form.getByRole('textbox', { name: 'Width (cm)' }).fill('35');
    await form.getByRole('textbox', { name: 'Height (cm)' }).fill('25');
    await form.getByRole('textbox', { name: 'Shelf' }).fill('D-4');
    await form.getByRole('textbox', { name: 'Shelf' }).press('Enter');
    await expect(page.getByTestId('receive-outcome')).toContainText(order.Reference);
  });

  await test.step("the depot corrects line 2 from the retailer's invoice: porcelain cups, made in Germany, saved", async () => {
    const lines = page.getByRole('form', { name: `Item lines of ${order.Reference}` });
    const line = (n: number) => lines.getByRole('group', { name: `Item line ${n}` });
    await expect(line(2).getByRole('textbox', { name: 'Item' })).toHaveValue('Espresso cup');
    // the invoice says porcelain cups made in Germany
    await line(2).getByRole('textbox', { name: 'Item' }).fill('Porcelain espresso cup');
    await line(2).getByRole('combobox', { name: 'Made in' }).selectOption('DE');
    await line(2).getByRole('textbox', { name: 'Item' }).press('Control+Enter');
    await expect(lines.getByTestId('depot-lines-saved')).toHaveText(
      `Saved 2 item lines of ${order.Reference}: £320.00.`,
    );
  });

  await test.step('Dispatch: its CN23 and leave-by date, GST for the one customer; dispatched with Jersey Post', async () => {
    await page.goto('/admin/dispatch/');
    const jersey = page.getByRole('table', { name: 'Ready for Jersey' });
    const row = jersey.getByRole('row', { name: new RegExp(order.Reference) });
    await expect(row.getByRole('button', { name: `CN23 for ${order.Reference}` })).toBeVisible();
    await expect(row).toContainText(/\d\d-\d\d-\d{4}/); // its leave-by date
    await jersey.getByRole('checkbox', { name: `Select ${order.Reference}` }).check();
    await jersey
      .getByRole('textbox', { name: `Tracking number for ${order.Reference}` })
      .fill('JP555000111GB');
    await page.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'Jersey Post' }).click();
    // parcels to one customer on one sailing are valued together for GST: here the one, liable
    const gst = page.getByRole('table', { name: 'Island GST per customer' });
    await expect(gst.getByRole('row', { name: new RegExp(order.Reference) })).toContainText('(5%)');
    await screenshots(page, 'customs-dispatch-ready', STAFF_WIDTHS);
    await page.getByRole('button', { name: 'Dispatch 1 parcel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'dispatched' })).toContainText(
      '1 parcel dispatched for the sailing of',
    );
    await expect(paperwork).toBeVisible();
    await screenshots(page, 'customs-dispatch-paperwork', STAFF_WIDTHS);
  });

  await test.step('the CN23 lists each item line with its origin and value, and the tracking number', async () => {
    const cn23 = await downloaded(page, () =>
      paperwork.getByRole('button', { name: `CN23 for ${order.Reference}`, exact: true }).click(),
    );
    expect(cn23.suggestedFilename()).toBe(`CN23-${order.Reference}.pdf`);
    const cn23Text = await pdfText(cn23);
    for (const expected of [
      'CUSTOMS DECLARATION CN 23',
      'Espresso machine',
      'Italy (IT)',
      '£290.00',
      'Porcelain espresso cup',
      'Germany (DE)',
      '£30.00',
      '£320.00',
      'JP555000111GB',
    ]) {
      expect(cn23Text).toContain(expected);
    }
  });

  await test.step('the label and the CN23 in one PDF, to print together', async () => {
    const both = await downloaded(page, () =>
      paperwork.getByRole('button', { name: `Label and CN23 for ${order.Reference}` }).click(),
    );
    expect(both.suggestedFilename()).toBe(`label-CN23-${order.Reference}.pdf`);
    const bothText = await pdfText(both);
    expect(bothText).toContain('D-4'); // the label's shelf
    expect(bothText).toContain('CUSTOMS DECLARATION CN 23');
  });

  await test.step("the sailing's customs data file has a row per item line; the sailing is listed below", async () => {
    const data = await downloaded(page, () =>
      paperwork.getByRole('button', { name: 'Download customs data file' }).click(),
    );
    expect(data.suggestedFilename()).toMatch(/^customs-data-\d{4}-\d\d-\d\d-jersey-post\.csv$/);
    const csv = fs.readFileSync((await data.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'Consignment,Order,Sender,Sender address,Consignee,Consignee address,Description,Quantity,Value each GBP,Value GBP,Currency,Weight kg,Origin,Commodity code',
    );
    const ours = csv.filter((r) => r.includes(order.Reference));
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatch(
      /^JP555000111GB,ORD-\d+,.*,Espresso machine,1,290\.00,290\.00,GBP,3\.625,IT,$/,
    );
    expect(ours[1]).toMatch(/,Porcelain espresso cup,2,15\.00,30\.00,GBP,0\.375,DE,$/);
    // the sailing is listed below with its data file
    await expect(page.getByRole('table', { name: 'Sailings' })).toContainText('Jersey Post');
  });

  await test.step('the customer sees the leave-by date and downloads the certificate listing every item', async () => {
    // (still logged in on the site since the checkout: the back office's session is its own)
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.Reference);
    await expect(page.getByTestId('order-leave-by')).toContainText(/\d\d-\d\d-\d{4}/);
    await screenshots(page, 'customs-order-leave-by');
    const certificate = await downloaded(page, () =>
      page.getByRole('button', { name: 'Download export certificate' }).click(),
    );
    const text = await pdfText(certificate);
    for (const expected of [
      'Espresso machine',
      '£290.00',
      'Porcelain espresso cup',
      '£15.00',
      'DE',
      'JL-2026-555',
      orderDay,
      'Jersey Post sailing of',
      'Consignment number',
      'JP555000111GB',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
