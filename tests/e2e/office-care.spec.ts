import type { Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { outbox, staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { depot, paidBooking } from './support/orders';
import { expectAudited, staffLogIn } from './support/staff';
import { axeProblems } from './support/booking';

// The office looks after customers: a missing-item case answered and resolved with a
// partial refund, and an invoice raised, reminded and voided; the customer sees each change on
// their order's page.

/** The parcel at the depot, within what was booked. */
const measured = { WeightGrams: 2350, LengthMm: 400, WidthMm: 300, HeightMm: 200 };

const customerOrderPage = async (page: Page, orderId: number) => {
  await page.goto(`/dashboard/orders/${orderId}/`);
  await expect(page.getByTestId('order-status')).toBeVisible();
};

test('the office answers a missing-item case and resolves it with a partial refund', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await paidBooking(request);
  const { order } = customer;
  await depot(request, 'receive', {
    OrderReference: order.Reference,
    ...measured,
    Shelf: 'A-1',
  });
  await depot(request, 'dispatch', {
    OrderReferences: [order.Reference],
    Carrier: 'jersey-post',
    SailingDate: '2026-12-01',
  });
  const office = await staffMember(request, 'office');
  const resolve = page.getByRole('form', { name: 'Resolve the case' });

  const caseReference =
    await test.step("the customer reports the missing toaster on their order's page: a case is opened", async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/dashboard/orders/${order.Id}/`);
      await logIn(page, customer.email, customer.password);
      await page.getByRole('button', { name: 'Report missing items' }).click();
      const report = page.getByRole('dialog', { name: 'Report missing items' });
      await report
        .getByRole('textbox', { name: 'What is missing?' })
        .fill('The toaster was not in the box, only the kettle.');
      await report.getByRole('button', { name: 'Send report' }).click();
      await expect(report).toBeHidden();
      const caseReference = (await page.getByRole('status').textContent())!.match(/CASE-\d{6}/)![0];
      return caseReference;
    });

  await test.step('the office finds it among the open cases, linked to its order', async () => {
    await staffLogIn(page, office.email, office.password);
    await page.getByRole('link', { name: 'Cases' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Missing-item cases');
    const row = page.getByRole('row').filter({ hasText: caseReference });
    await expect(row).toContainText('Open');
    await expect(row.getByRole('link', { name: order.Reference })).toHaveAttribute(
      'href',
      `/admin/orders/${order.Id}`,
    );
    await page.getByRole('tab', { name: 'Open', exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=Open/);
    await expect(row).toBeVisible();
    await screenshots(page, 'office-cases', [1280]);
    expect(await axeProblems(page)).toEqual([]);
    await row.getByRole('link', { name: caseReference }).click();
  });

  await test.step("the case shows the customer's words; an empty reply is refused, a reply sent: Answered", async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Case ${caseReference}`);
    const messages = page.getByTestId('case-message');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(
      'The toaster was not in the box, only the kettle.',
    );
    const reply = page.getByRole('form', { name: 'Reply to the customer' });
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(reply.getByText('Write the reply')).toBeVisible();
    await reply
      .getByRole('textbox', { name: 'Reply' })
      .fill('Sorry about that: we are checking with the depot.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('status')).toContainText('Your reply was sent');
    await expect(messages).toHaveCount(2);
    await expect(messages.last()).toContainText('Ferrybox (Olive Office)');
    await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  });

  await test.step('a refund of more than is left to refund is refused; £4.50 with a message to the customer', async () => {
    await resolve.getByRole('checkbox', { name: 'Refund part of the order' }).check();
    const amount = resolve.getByRole('textbox', { name: 'Refund' });
    await amount.fill('500');
    await resolve.getByRole('button', { name: 'Refund and resolve' }).click();
    await expect(resolve.getByText('At most £12.95 can be refunded on this order.')).toBeVisible();
    await amount.fill('4.50');
    await resolve
      .getByRole('textbox', { name: 'Message to the customer' })
      .fill('The toaster was left at the retailer: we have refunded part of the carriage.');
    await screenshots(page, 'office-case', [1280]);
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('Refund and resolve: resolved, £4.50 refunded, and the audit log names who resolved it', async () => {
    await resolve.getByRole('button', { name: 'Refund and resolve' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'The case is resolved and £4.50 refunded: the customer was e-mailed.',
    );
    await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(resolve).toHaveCount(0);
    await expect(page.getByRole('region', { name: /^Refunds on/ })).toContainText(
      '£4.50 · succeeded',
    );
    await screenshots(page, 'office-case-resolved', [375, 1280]);
    // The audit log names who resolved it.
    await expectAudited(page, { record: caseReference, action: 'resolve' }, office);
  });

  await test.step('the customer sees the reply, the case resolved and the refund on the timeline', async () => {
    await customerOrderPage(page, order.Id);
    const theCase = page.getByTestId('order-case');
    await expect(theCase.getByTestId('case-status')).toHaveText('Resolved');
    await expect(theCase).toContainText('Sorry about that: we are checking with the depot.');
    await expect(theCase).toContainText('we have refunded part of the carriage');
    const refunded = page
      .getByTestId('timeline-entry')
      .filter({ has: page.getByRole('heading', { name: 'Refunded' }) });
    await expect(refunded.getByTestId('refund-amount')).toHaveText(
      '£4.50 given back to the card you paid with',
    );
  });
});

test('the office raises an invoice on an order, reminds the customer and voids it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const customer = await paidBooking(request);
  const { order } = customer;
  await depot(request, 'receive', {
    OrderReference: order.Reference,
    ...measured,
    Shelf: 'B-2',
  });
  const office = await staffMember(request, 'office');
  const dialog = page.getByRole('dialog', { name: /^Raise an invoice/ });

  await test.step('the office member opens Invoices', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await staffLogIn(page, office.email, office.password);
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
  });

  const invoiceReference =
    await test.step('Raise an invoice: an unknown reference and three decimals refused; £6.25 raised, the parcel held', async () => {
      await page.getByRole('button', { name: 'Raise an invoice' }).click();
      await dialog.getByRole('textbox', { name: 'Order reference' }).fill('ORD-999999');
      await dialog.getByRole('button', { name: 'Find order' }).click();
      await expect(dialog.getByText('No order has the reference ORD-999999')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Order reference' }).fill(order.Reference);
      await dialog.getByRole('button', { name: 'Find order' }).click();
      await expect(dialog.getByRole('heading')).toHaveText(
        `Raise an invoice on ${order.Reference}`,
      );
      await expect(dialog).toContainText('Received at Depot');
      await dialog.getByRole('textbox', { name: 'What it is for' }).fill('Storage for two weeks');
      await dialog.getByRole('textbox', { name: 'Amount' }).fill('6.257');
      await dialog.getByRole('button', { name: 'Raise invoice' }).click();
      await expect(dialog.getByText('must have at most 2 decimals')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Amount' }).fill('6.25');
      await dialog
        .getByRole('checkbox', { name: 'Hold the parcel at the depot until it is paid' })
        .check();
      await screenshots(page, 'office-raise-invoice', [1280]);
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Raise invoice' }).click();
      await expect(dialog.getByRole('status')).toContainText(
        `for £6.25 was raised on ${order.Reference}`,
      );
      const invoiceReference = (await dialog.getByRole('status').textContent())!.match(
        /INV-\d{6}/,
      )![0];
      await dialog.getByRole('button', { name: 'Close' }).click();
      return invoiceReference;
    });
  const row = page.getByRole('row').filter({ hasText: invoiceReference });

  await test.step('the invoice is listed: £6.25, awaiting payment', async () => {
    await expect(row).toContainText('£6.25');
    await expect(row).toContainText('Awaiting Payment');
    await screenshots(page, 'office-invoices', [1280]);
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('Send a reminder: the reminder is e-mailed to the customer', async () => {
    await row.getByRole('button', { name: `Send a reminder of ${invoiceReference}` }).click();
    await expect(page.getByRole('status')).toHaveText(
      `A reminder of ${invoiceReference} was e-mailed to ${customer.email}.`,
    );
    await expect
      .poll(async () =>
        (await outbox(request)).some(
          (e) => e.to.includes(customer.email) && e.kind === 'invoice-reminder',
        ),
      )
      .toBe(true);
  });

  const { context, theirs } =
    await test.step('the customer, in their own browser, sees it to pay: Pay £6.25, awaiting payment', async () => {
      const context = await page
        .context()
        .browser()!
        .newContext({ baseURL: new URL(page.url()).origin });
      const theirs = await context.newPage();
      await theirs.goto(`/dashboard/orders/${order.Id}/`);
      await logIn(theirs, customer.email, customer.password);
      await expect(theirs.getByRole('link', { name: 'Pay £6.25' })).toBeVisible();
      await expect(theirs.getByTestId('order-status')).toHaveText('Awaiting Payment');
      return { context, theirs };
    });

  await test.step('Void asks why; voided, the parcel held for it is released; listed under Void', async () => {
    await row.getByRole('button', { name: `Void ${invoiceReference}` }).click();
    const voiding = page.getByRole('dialog', { name: `Void ${invoiceReference}` });
    await expect(voiding).toContainText('voiding releases it for dispatch');
    await voiding.getByRole('button', { name: 'Void invoice' }).click();
    await expect(voiding.getByText('Say why the invoice is voided')).toBeVisible();
    await voiding.getByRole('textbox', { name: 'Why it is voided' }).fill('Storage waived');
    await voiding.getByRole('button', { name: 'Void invoice' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Invoice ${invoiceReference} was voided and the customer told. The parcel of ${order.Reference} held for it is released for dispatch.`,
    );
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Void' }).click();
    await expect(page).toHaveURL(/[?&]status=void/);
    await expect(page.getByRole('row').filter({ hasText: invoiceReference })).toContainText(
      'Received at Depot',
    );
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Void' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('the customer sees the invoice cancelled, nothing to pay, the parcel at the depot', async () => {
    await theirs.reload();
    await expect(theirs.getByTestId('invoice')).toContainText('Storage for two weeks · Cancelled');
    await expect(theirs.getByRole('link', { name: 'Pay £6.25' })).toHaveCount(0);
    await expect(theirs.getByTestId('order-status')).toHaveText('Received at Depot');
    await context.close();
  });
});
