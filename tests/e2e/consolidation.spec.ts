import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../support/pdf';
import { linkFromOutbox, logIn } from './support/accounts';
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

// Consolidation: three bookings paid → the customer asks to ship them together on My
// Account → two parcels arrive, then the third → the depot repacks, weighs and measures the box
// and dispatches it as one, by keyboard → the customer sees one tracking number and the
// difference refunded.

test('three bookings shipped as one: requested, received, repacked, dispatched, refund seen', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const ann = await depotCustomer(request);
  // The floor's step here gives money back, which is the office's (decision 0046): an office
  // member, whose role holds the depot's too, does it.
  const depot = await staffMember(request, 'office');
  const booked: Awaited<ReturnType<typeof paidBooking>>[] = [];
  for (const description of ['Phone case', 'Paperbacks', 'Trainers']) {
    booked.push(await paidBooking(request, ann, { band: 'A', description, itemised: true }));
  }
  const card = page.getByRole('listitem', { name: /^CON-/ });

  await test.step('the customer ticks the three with Space and Enter asks the price: £2.90 back', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/consolidation/');
    await logIn(page, ann.email, ann.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ship together');
    // By keyboard alone: Space ticks each booking, Tab moves on, Enter asks the price.
    const choose = page.getByRole('group', { name: 'Bookings to Jersey' });
    await choose.getByRole('checkbox', { name: new RegExp(booked[0].Reference) }).focus();
    for (const order of booked) {
      const box = choose.getByRole('checkbox', { name: new RegExp(order.Reference) });
      await expect(box).toBeFocused();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
      await page.keyboard.press('Tab');
    }
    await expect(page.getByRole('button', { name: 'See the price' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('£2.90 back to you')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'consolidation-estimate');
  });

  const reference =
    await test.step('Enter on Ship these 3 together: requested, waiting for parcels, e-mailed', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'See the price' }).focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Ship these 3 together' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText(/Your consolidation is requested/)).toBeVisible();
      await expect(card).toContainText('Waiting for parcels');
      const reference = (await card.getByRole('heading', { level: 3 }).textContent())!;
      await expect
        .poll(async () =>
          (await outbox(request)).some(
            (e) => e.kind === 'consolidation-requested' && e.to.includes(ann.email),
          ),
        )
        .toBe(true);
      return reference;
    });

  await test.step('two parcels arrive: the card shows two arrived and one awaited; then the third', async () => {
    await receivedThroughApi(request, depot.token, booked[0].Id);
    await receivedThroughApi(request, depot.token, booked[1].Id);
    await page.reload();
    await expect(card.locator('[data-state="arrived"]')).toHaveCount(2);
    await expect(card.locator('[data-state="awaited"]')).toHaveCount(1);
    await receivedThroughApi(request, depot.token, booked[2].Id);
  });

  const staff = await test.step('the depot member logs in to the back office', async () =>
    browserStaff(page, depot));
  const panel = staff.getByRole('region', { name: reference });

  await test.step('Consolidation: 3 of 3 in; Enter opens the request, Start repacking focused', async () => {
    await staff.goto('/admin/consolidation/');
    const row = staff.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('3 of 3');
    await row.getByRole('button', { name: `Open ${reference}` }).focus();
    await staff.keyboard.press('Enter');
    const repack = panel.getByRole('button', { name: 'Start repacking' });
    await expect(repack).toBeFocused();
  });

  await test.step('Enter starts repacking; the box weighed and measured, a Tab apart: £5.90 back', async () => {
    await staff.keyboard.press('Enter');
    const weight = panel.getByRole('textbox', { name: 'Weight (kg)' });
    await expect(weight).toBeFocused();
    await staff.keyboard.type('6');
    for (const cm of ['45', '35', '20']) {
      await staff.keyboard.press('Tab');
      await staff.keyboard.type(cm);
    }
    await staff.keyboard.press('Enter');
    await expect(panel.getByText('£5.90 back to you')).toBeVisible();
  });

  await test.step('a sailing date two months off is refused by the server, on its field', async () => {
    // Only the server knows its own today: its refusal shows on the field, until it is changed.
    const tracking = panel.getByRole('textbox', { name: 'Tracking number' });
    const sailing = panel.getByLabel('Sailing date');
    const today = await sailing.inputValue();
    await sailing.fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
    await tracking.fill('JP555000111GB');
    await tracking.press('Enter');
    await expect(sailing).toHaveAccessibleDescription('must be within 30 days of today');
    await expect(sailing).toHaveAttribute('aria-invalid', 'true');
    await expect(
      panel.getByRole('form', { name: 'Dispatch as one' }).getByRole('alert'),
    ).toHaveCount(0);
    await sailing.fill(today);
    await expect(sailing).toHaveAttribute('aria-invalid', 'false');
    await tracking.fill('');
    await tracking.focus();
  });

  await test.step('the tracking number typed; Enter dispatches: in Dispatched, focused, refunded', async () => {
    const tracking = panel.getByRole('textbox', { name: 'Tracking number' });
    await expect(tracking).toBeFocused();
    await staff.keyboard.type('JP555000111GB');
    await staff.keyboard.press('Enter');
    // Shown at once in the Dispatched list, open and focused, with the refund.
    await expect(staff.getByRole('tab', { name: 'Dispatched' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(panel).toBeFocused();
    await expect(panel).toContainText('Refunded £5.90');
    await expect(panel).toContainText('JP555000111GB');
    expect(await axeProblems(staff)).toEqual([]);
    await screenshots(staff, 'admin-consolidation-dispatched', [768, 1280]);
  });

  await test.step("the box's one customs declaration lists the goods of all three bookings", async () => {
    const [declaration] = await Promise.all([
      staff.waitForEvent('download'),
      panel.getByRole('button', { name: `Customs declaration of ${reference}` }).click(),
    ]);
    expect(declaration.suggestedFilename()).toBe(`customs-declaration-${reference}.pdf`);
    const form = await pdfText(fs.readFileSync((await declaration.path())!));
    expect(form).toMatch(/CUSTOMS DECLARATION CN 2[23]/);
    for (const expected of [reference, 'Phone case', 'Paperbacks', 'Trainers', 'JP555000111GB']) {
      expect(form).toContain(expected);
    }
    await staff.close();
  });

  await test.step('the customer sees it dispatched as one, with its tracking number and the refund', async () => {
    await page.reload();
    await expect(card).toContainText('Dispatched');
    await expect(card).toContainText('JP555000111GB');
    await expect(card.getByText('£5.90 refunded to your card.')).toBeVisible();
    await screenshots(page, 'consolidation-dispatched');
  });

  await test.step("the dispatch e-mail's private link, on a phone with no session: the box's tracking", async () => {
    const path = await linkFromOutbox(request, ann.email, 'consolidation-dispatched', '/track/');
    const phone = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const tracker = await phone.newPage();
    await tracker.goto(path);
    await expect(tracker.getByTestId('track-status')).toHaveText('Shipped');
    await expect(
      tracker.getByRole('link', { name: /Track with Condor Ferries Freight/ }),
    ).toHaveAttribute('href', /JP555000111GB/);
    expect(
      await tracker.evaluate(() =>
        ['accessToken', 'userData'].map((key) => localStorage.getItem(key)),
      ),
    ).toEqual([null, null]);
    await phone.close();
  });

  await test.step('on the order the refund was made from, the refund too', async () => {
    await page.goto(`/dashboard/orders/${booked[0].Id}/`);
    await expect(
      page.getByText('£5.90 was refunded to the card you paid with', { exact: false }),
    ).toBeVisible();
  });

  await test.step('one export certificate for the box lists every booking of it and every item', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download export certificate' }).click(),
    ]);
    const certificate = await pdfText(fs.readFileSync(await download.path()));
    expect(certificate).toContain(`Shipped together as ${reference}`);
    for (const order of booked) expect(certificate).toContain(order.Reference);
    for (const item of ['Phone case', 'Paperbacks', 'Trainers']) {
      expect(certificate).toContain(item);
    }
    expect(certificate).toContain('JP555000111GB');
  });

  await test.step("the office sees the refund of the difference on the order's screen", async () => {
    const office = await browserStaff(page, await staffMember(request, 'office'));
    await office.goto(`/admin/orders/${booked[0].Id}/`);
    const refund = office.getByTestId('office-refund');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText('£5.90');
    await expect(refund).toContainText('made');
    await expect(refund).toContainText(`Consolidation ${reference}: one crossing in band B`);
    await office.close();
  });
});

/** A second page in its own context: the depot member logged in to the back office. */
async function browserStaff(page: Page, member: { email: string; password: string }) {
  const context = await page.context().browser()!.newContext();
  const staff = await context.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staffLogIn(staff, member.email, member.password);
  return staff;
}

/** Asks, on Ship together (open, logged in), to ship the bookings together; answers the card. */
async function shipTogether(page: Page, orders: { Reference: string }[]) {
  const choose = page.getByRole('group', { name: 'Bookings to Jersey' });
  for (const order of orders) {
    await choose.getByRole('checkbox', { name: new RegExp(order.Reference) }).check();
  }
  await page.getByRole('button', { name: 'See the price' }).click();
  await page.getByRole('button', { name: `Ship these ${orders.length} together` }).click();
  const card = page.getByRole('listitem', { name: /^CON-/ }).first();
  await expect(card).toContainText('Waiting for parcels');
  return card;
}

test('cancelled before repacking: each booking goes on its own again', async ({
  page,
  request,
}) => {
  const ann = await depotCustomer(request);
  const booked = [
    await paidBooking(request, ann, { band: 'A', description: 'Socks', itemised: true }),
    await paidBooking(request, ann, { band: 'A', description: 'Scarf', itemised: true }),
  ];
  const card =
    await test.step('on a phone the customer asks to ship the two together', async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/dashboard/consolidation/');
      await logIn(page, ann.email, ann.password);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ship together');
      const card = await shipTogether(page, booked);
      return card;
    });

  await test.step('by keyboard: Cancel asks first, Keep it gives the focus back; Yes, cancel cancels it, the card focused', async () => {
    // By keyboard: the confirmation takes the focus on its safe choice, Keep it gives it back to
    // the button; Shift+Tab reaches Yes, cancel; once cancelled the card has the focus.
    const cancel = card.getByRole('button', { name: 'Cancel this consolidation' });
    const keep = card.getByRole('button', { name: 'Keep it' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(keep).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(keep).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(card.getByRole('button', { name: /^Yes, cancel CON-/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card).toContainText('Cancelled');
    await expect(card).toBeFocused();
    await screenshots(page, 'consolidation-cancelled');
  });

  await test.step('no Cancel any more: the two are offered again to ship together, and an e-mail says so', async () => {
    await expect(card.getByRole('button', { name: 'Cancel this consolidation' })).toHaveCount(0);
    // Offered again to ship together.
    await expect(
      page.getByRole('group', { name: 'Bookings to Jersey' }).getByRole('checkbox'),
    ).toHaveCount(2);
    await expect
      .poll(async () =>
        (await outbox(request)).some(
          (e) => e.kind === 'consolidation-cancelled' && e.to.includes(ann.email),
        ),
      )
      .toBe(true);
  });
});

test('a late parcel: the rest go without it @alone', async ({ page, request }) => {
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const booked: Awaited<ReturnType<typeof paidBooking>>[] = [];
  for (const description of ['Mug', 'Lamp', 'Rug']) {
    booked.push(await paidBooking(request, ann, { band: 'A', description, itemised: true }));
  }
  const card =
    await test.step('the customer asks to ship the three together; two of the parcels arrive', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/dashboard/consolidation/');
      await logIn(page, ann.email, ann.password);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ship together');
      const card = await shipTogether(page, booked);
      await receivedThroughApi(request, depot.token, booked[0].Id);
      await receivedThroughApi(request, depot.token, booked[1].Id);
      return card;
    });
  const leave = card.getByRole('button', {
    name: `Send the rest without ${booked[2].Reference}`,
  });

  // Eight days on (Consolidation/MissingParcelDays is 7): the third is late.
  const clock = async (at: Date | null) =>
    expect(
      (await request.put('/dev/clock', { data: { At: at?.toISOString() ?? null } })).status(),
    ).toBe(200);
  await clock(new Date(Date.now() + 8 * 24 * 3_600_000));
  try {
    await test.step('eight days on, the card offers to send the rest without the late one', async () => {
      await page.reload();
      await expect(leave).toBeVisible();
      await screenshots(page, 'consolidation-late');
    });

    await test.step('Send the rest without it: all in, waiting to be repacked, the late one travels on its own', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await leave.click();
      await expect(card).toContainText('All parcels in: waiting to be repacked');
      await expect(card).toBeFocused();
      await expect(card.locator('[data-state="left-out"]')).toHaveText(
        'left out: it travels on its own',
      );
    });
  } finally {
    await clock(null);
  }
});
