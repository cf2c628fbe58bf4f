import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { logIn } from './support/accounts';
import { axeProblems } from './support/booking';
import { depotCustomer, depotMember, outbox, paidBooking, staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { expectAudited, staffLogIn } from './support/staff';

// Disputing a re-measure: the depot measures a band A parcel 1 mm too long and raises
// an excess-carriage invoice of £3.00, which the customer pays; then, on their order's page, they
// dispute it with a message. The office sees the booked band beside the measure and the photo,
// reduces the invoice to £1.00, and the customer sees the difference, £2.00, refunded.

const ok = async (res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
};

test('a disputed re-measure reduced and refunded the difference', async ({ page, request }) => {
  test.setTimeout(240_000);
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const office = await staffMember(request, 'office');
  const order = await paidBooking(request, ann, { band: 'A', description: 'Table lamp' });

  const invoice =
    await test.step('the depot measures it 1 mm longer than band A: an invoice of £3.00 (band B) holds it', async () => {
      const photo = fs.readFileSync('public/og-image.png').toString('base64');
      const received = await ok(
        await request.post('/api/admin/depot/receive', {
          headers: { authorization: `Bearer ${depot.token}` },
          data: {
            OrderId: order.Id,
            WeightKg: 5,
            LengthCm: 35.1,
            WidthCm: 25,
            HeightCm: 16,
            Shelf: 'D-4',
            Photos: [{ Data: photo }],
          },
        }),
        'receive',
      );
      const invoice = ((await received.json()) as { Invoice: { Id: number; Reference: string } })
        .Invoice;
      return invoice;
    });
  const line = page.getByTestId('invoice').filter({ hasText: invoice.Reference });

  await test.step("the customer pays it with the sandbox's card, then thinks again", async () => {
    const started = await ok(
      await request.post(`/public/payment/additional/${invoice.Id}`, {
        headers: { authorization: `Bearer ${ann.token}` },
      }),
      'pay invoice',
    );
    const { Payment } = (await started.json()) as { Payment: { CheckoutUrl: string } };
    const paid = await request.post(Payment.CheckoutUrl, {
      form: { card: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'Ann Le Brocq' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
  });

  await test.step("on the order's page the invoice is paid, and can be disputed until a date", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/orders/${order.Id}/`);
    await logIn(page, ann.email, ann.password);
    await expect(line).toContainText('Paid');
    await expect(line).toContainText(/You can dispute this invoice until \d\d-\d\d-\d{4}\./);
    await screenshots(page, 'order-dispute-offered');
  });

  await test.step('Dispute this invoice: a message too short is refused, then the dispute is sent', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await line.getByRole('button', { name: 'Dispute this invoice' }).click();
    const dialog = page.getByRole('dialog', { name: `Dispute invoice ${invoice.Reference}` });
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog.getByText('Your message must be at least 10 characters.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Why do you dispute it?' })
      .fill('The lamp’s box was 35 cm long: I measured it before it left.');
    // Measured as it rests: the refusal answered (Send enabled again) and no pointer over it.
    await expect(dialog.getByRole('button', { name: 'Send dispute' })).toBeEnabled();
    await page.mouse.move(0, 0);
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog).toBeHidden();
  });

  const caseReference =
    await test.step('a case is opened: the parcel held, the invoice disputed and offered for dispute no more', async () => {
      const notice = page.getByRole('status').filter({ hasText: 'opened case' });
      await expect(notice).toContainText('will hold your parcel');
      const caseReference = (await notice.textContent())!.match(/CASE-\d{6}/)![0];
      await expect(line).toContainText(`Disputed (case ${caseReference})`);
      await expect(line.getByRole('button', { name: 'Dispute this invoice' })).toHaveCount(0);
      const dispute = page.getByTestId('dispute');
      await expect(dispute.getByTestId('dispute-outcome')).toContainText('we are looking at it');
      await screenshots(page, 'order-disputed');
      return caseReference;
    });

  await test.step('the office opens the case: the booked band beside the measure, the photo and the message', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await staffLogIn(page, office.email, office.password);
    await page.goto('/admin/cases/');
    const row = page.getByRole('row').filter({ hasText: caseReference });
    await expect(row).toContainText(`Disputed ${invoice.Reference}`);
    await row.getByRole('link', { name: caseReference }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Case ${caseReference}`);
    const evidence = page.getByTestId('dispute-evidence');
    await expect(evidence).toContainText('Booked: band A');
    await expect(evidence.getByRole('row', { name: /Size/ })).toContainText('35 × 25 × 16 cm');
    await expect(evidence.getByRole('row', { name: /Size/ })).toContainText('35.1 × 25 × 16 cm');
    await expect(page.getByRole('img', { name: 'Arrival photos: 1' })).toBeVisible();
    await expect(page.getByTestId('case-message').first()).toContainText('I measured it');
    await screenshots(page, 'admin-dispute-case', [375, 1280]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step("the office's reduction to £3.00 is refused, to £1.00 decided: £2.00 refunded, the decision audited", async () => {
    const decide = page.getByRole('form', { name: 'Decide' });
    await decide.getByRole('radio', { name: 'Reduce the invoice' }).check();
    await decide.getByRole('textbox', { name: 'New amount' }).fill('3');
    await decide.getByRole('button', { name: 'Decide' }).click();
    await expect(decide.getByText(/less than the invoice's £3\.00/)).toBeVisible();
    await decide.getByRole('textbox', { name: 'New amount' }).fill('1');
    await decide
      .getByRole('textbox', { name: 'Message to the customer' })
      .fill('The box was 35.1 cm, but we round in your favour.');
    await decide.getByRole('button', { name: 'Decide' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'decided' })).toContainText(
      'The dispute is decided (reduce): the customer was e-mailed. £2.00 refunded.',
    );
    await expect(page.getByRole('form', { name: 'Decide' })).toHaveCount(0);
    await expect(page.getByText(/£2\.00 · succeeded/)).toBeVisible();
    await expectAudited(page, { record: caseReference, action: 'reduce' }, { name: office.name });
  });

  await test.step('the customer, in their own browser, sees the decision and £2.00 refunded, and was e-mailed', async () => {
    // (another browser: the customer's own session)
    const context = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const theirs = await context.newPage();
    await theirs.setViewportSize({ width: 1280, height: 900 });
    await theirs.goto(`/dashboard/orders/${order.Id}/`);
    await logIn(theirs, ann.email, ann.password);
    await expect(theirs.getByTestId('refunded')).toContainText('£2.00');
    await expect(theirs.getByTestId('refund-notice')).toContainText('£2.00 refunded');
    await expect(theirs.getByTestId('dispute-outcome')).toHaveText(
      'We reduced the invoice to £1.00.',
    );
    await expect(
      theirs.getByTestId('invoice').filter({ hasText: invoice.Reference }),
    ).toContainText('£1.00');
    await expect(
      theirs.getByText('The box was 35.1 cm, but we round in your favour.'),
    ).toBeVisible();
    expect(await axeProblems(theirs)).toEqual([]);
    await screenshots(theirs, 'order-dispute-reduced');
    await expect
      .poll(async () =>
        (await outbox(request))
          .filter((e) => e.to.includes(ann.email))
          .map((e) => e.kind)
          .filter((k) => k.startsWith('dispute-'))
          .sort(),
      )
      .toEqual(['dispute-decided', 'dispute-opened']);
    await context.close();
  });
});

test('a disputed invoice cannot be paid until the office decides', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const order = await paidBooking(request, ann, { band: 'A', description: 'Desk lamp' });
  const photo = fs.readFileSync('public/og-image.png').toString('base64');
  const received = await ok(
    await request.post('/api/admin/depot/receive', {
      headers: { authorization: `Bearer ${depot.token}` },
      data: {
        OrderId: order.Id,
        WeightKg: 5,
        LengthCm: 35.1,
        WidthCm: 25,
        HeightCm: 16,
        Shelf: 'D-5',
        Photos: [{ Data: photo }],
      },
    }),
    'receive',
  );
  const invoice = ((await received.json()) as { Invoice: { Id: number; Reference: string } })
    .Invoice;
  const disputed = await ok(
    await request.post(`/public/orders/dispute/${invoice.Id}`, {
      headers: { authorization: `Bearer ${ann.token}` },
      data: { Message: 'The lamp’s box was 35 cm long when it left the shop.' },
    }),
    'dispute',
  );
  const caseReference = ((await disputed.json()) as { Reference: string }).Reference;

  await test.step("the invoice's pay page says it is disputed, and offers no way to pay", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/pay/${invoice.Id}/`);
    await logIn(page, ann.email, ann.password);
    await expect(page.getByTestId('invoice-disputed')).toHaveText(
      `${invoice.Reference} is disputed (case ${caseReference}): it cannot be paid until we have decided the dispute. We will email you our decision.`,
    );
    await expect(page.getByTestId('pay-invoice')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'pay-invoice-disputed');
  });

  await test.step("the order's page: the invoice disputed, no Pay link, and when we aim to decide", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/orders/${order.Id}/`);
    const line = page.getByTestId('invoice').filter({ hasText: invoice.Reference });
    await expect(line).toContainText(`Disputed (case ${caseReference})`);
    await expect(line.getByRole('link', { name: /Pay/ })).toHaveCount(0);
    await expect(page.getByTestId('dispute-decide-by')).toHaveText(
      /^We aim to decide by \d\d-\d\d-\d{4}\.$/,
    );
    await screenshots(page, 'order-dispute-decide-by');
  });
});
