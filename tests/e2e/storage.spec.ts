import type { APIRequestContext } from '@playwright/test';
import { logIn } from './support/accounts';
import { axeProblems } from './support/booking';
import { depotCustomer, depotMember, outbox, paidBooking } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { staffLogIn } from './support/staff';

// The storage clock (terms 10.2 and 10.3): a parcel arrives without a booking; days
// later (the server's clock moved with PUT /dev/clock) the customer sees on My Account that its
// storage is being charged, and after 60 days the depot sees it may be treated as abandoned and
// confirms it, and the customer is told; a parcel booked late and still held for its storage
// invoice is abandoned the same way from the Waiting page (its booking cancelled). It moves the
// server's clock for every page: @alone.

const DAY = 24 * 60 * 60 * 1000;

async function setClock(request: APIRequestContext, at: Date | null) {
  const res = await request.put('/dev/clock', { data: { At: at?.toISOString() ?? null } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a parcel’s storage clock, seen by the customer and the depot, ends in abandonment @alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await depotCustomer(request);
  const depot = await depotMember(request);
  const auth = { authorization: `Bearer ${depot.token}` };
  const found = await request.get(`/api/admin/depot/lookup?q=${ann.reference}`, { headers: auth });
  const customerId = ((await found.json()) as { Customer: { Id: number } }).Customer.Id;
  const receive = async (tracking: string) => {
    const res = await request.post('/api/admin/depot/receive', {
      headers: auth,
      data: {
        CustomerId: customerId,
        WeightKg: 2,
        LengthCm: 30,
        WidthCm: 20,
        HeightCm: 10,
        Shelf: 'S-9',
        InboundTrackingNumber: tracking,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { Parcel: { Id: number; Received: string } }).Parcel;
  };
  const tracking = `RM${Date.now()}GB`;
  const parcel = await receive(tracking);
  const booked = await receive(`XB${Date.now()}`);
  const arrived = new Date(parcel.Received).getTime();

  try {
    await test.step('16 days on, the customer sees on My Account the storage charged by the day, and Book', async () => {
      await setClock(request, new Date(arrived + 16 * DAY + 3_600_000));
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/dashboard/');
      await logIn(page, ann.email, ann.password);
      const part = page.getByRole('region', { name: /^Parcels to book \(2\)$/ });
      const item = part.getByRole('listitem').filter({ hasText: `Tracking ${tracking}` });
      await expect(item).toContainText(`Parcel ${parcel.Id}`);
      await expect(item.getByTestId('storage-clock')).toHaveText(
        /^Storage £0\.50 a day since \d\d-\d\d-\d{4}: £1\.00 so far\. May be treated as abandoned from \d\d-\d\d-\d{4}\.$/,
      );
      await expect(item.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute(
        'href',
        '/order/',
      );
      expect(await axeProblems(page)).toEqual([]);
      await screenshots(page, 'my-account-storage-clock');
    });

    const order =
      await test.step("the other parcel is booked now: its storage is invoiced, and the order's page shows it", async () => {
        const order = await paidBooking(request, ann, { band: 'B', description: 'Late booking' });
        const matched = await request.post(`/api/admin/depot/parcels/${booked.Id}/match`, {
          headers: auth,
          data: { OrderId: order.Id },
        });
        expect(matched.status(), await matched.text()).toBe(200);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`/dashboard/orders/${order.Id}/`);
        await expect(page.getByTestId('storage-clock')).toContainText('Storage £0.50 a day since');
        await expect(page.getByText(/Storage: 2 days at £0\.50 a day/).first()).toBeVisible();
        expect(await axeProblems(page)).toEqual([]);
        await screenshots(page, 'order-storage-invoice');
        return order;
      });
    const row = page
      .getByRole('table', { name: 'Unbooked parcels' })
      .getByRole('row')
      .filter({ hasText: tracking });
    const heldRow = page
      .getByRole('table', { name: 'Parcels waiting for their customer' })
      .getByRole('row')
      .filter({ hasText: order.Reference });

    await test.step('61 days on, the depot sees on Unbooked parcels that it may be treated as abandoned', async () => {
      await setClock(request, new Date(arrived + 61 * DAY));
      await page.setViewportSize({ width: 1280, height: 900 });
      await staffLogIn(page, depot.email, depot.password);
      await page.goto('/admin/parcels/');
      await expect(row.getByTestId('storage-clock')).toContainText(
        'Waiting 61 days: may be treated as abandoned since',
      );
    });

    await test.step('sorted by Received: the newest first, then the longest waiting first again', async () => {
      // the newest first, then the longest waiting first again
      const sortBy = page.getByRole('button', { name: 'Received' });
      await sortBy.click();
      await expect(page.getByRole('columnheader', { name: 'Received' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await sortBy.click();
      await expect(page.getByRole('columnheader', { name: 'Received' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await screenshots(page, 'admin-parcels-storage', [768, 1280]);
    });

    await test.step('Treat as abandoned asks first; confirmed, the parcel leaves the list and the customer is e-mailed', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await row.getByRole('button', { name: `Treat Parcel ${parcel.Id} as abandoned` }).click();
      const dialog = page.getByRole('dialog', { name: `Treat Parcel ${parcel.Id} as abandoned?` });
      await expect(dialog).toContainText('is told by e-mail');
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Treat as abandoned' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'abandoned' })).toContainText(
        `Parcel ${parcel.Id} is treated as abandoned.`,
      );
      await expect(row).toHaveCount(0);
      await expect
        .poll(async () =>
          (await outbox(request)).some(
            (e) => e.to.includes(ann.email) && e.kind === 'parcel-abandoned',
          ),
        )
        .toBe(true);
    });

    await test.step('Waiting lists the booked parcel held for its storage invoice, 60 days and more', async () => {
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Waiting' })
        .click();
      await expect(
        page.getByRole('heading', { name: 'Parcels waiting for their customer' }),
      ).toBeVisible();
      await expect(heldRow.getByTestId('storage-clock')).toHaveText(
        /^Waiting 6[01] days: may be treated as abandoned since \d\d-\d\d-\d{4}\. Storage £23\.00\.$/,
      );
      await expect(heldRow).toContainText(/Invoice INV-\d+ \(£1\.00\) to be paid/);
      expect(await axeProblems(page)).toEqual([]);
      await screenshots(page, 'admin-waiting-parcels', [1280]);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('Treat as abandoned there says its booking is cancelled; confirmed, it leaves the list', async () => {
      await heldRow.getByRole('button', { name: `Treat ${order.Reference} as abandoned` }).click();
      const confirm = page.getByRole('dialog', { name: `Treat ${order.Reference} as abandoned?` });
      await expect(confirm).toContainText(`Its booking ${order.Reference} is cancelled`);
      await confirm.getByRole('button', { name: 'Treat as abandoned' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'abandoned' })).toContainText(
        `${order.Reference} is treated as abandoned. Its booking is cancelled.`,
      );
      await expect(heldRow).toHaveCount(0);
    });
  } finally {
    await setClock(request, null);
  }
});
