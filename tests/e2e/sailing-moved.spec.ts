import { logIn } from './support/accounts';
import { axeProblems } from './support/booking';
import {
  depotCustomer,
  depotMember,
  paidBooking,
  receivedThroughApi,
  staffMember,
} from './support/depot';
import { expect, screenshots, test } from './support/fixtures';

// A storm, as the customer meets it (docs/decisions/0049): their parcel waits at the depot for
// tonight's sailing, the office cancels that sailing with a reason, and My Account's "what needs
// you now" shows the parcel on its new sailing, with the new date and why. It cancels a sailing
// every Jersey booking may be planned on, so it runs alone and restores the sailing after.

test('a parcel moved by a cancelled sailing shows on My Account with its new date and why @alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await depotCustomer(request);
  const order = await paidBooking(request, ann);
  const depot = await depotMember(request);
  await receivedThroughApi(request, depot.token, order.Id);
  const detail = await request.get(`/public/orders/${order.Id}`, {
    headers: { authorization: `Bearer ${ann.token}` },
  });
  const sailing = ((await detail.json()) as { Arrival: { Sailing: string } }).Arrival.Sailing;
  expect(sailing).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const office = { authorization: `Bearer ${(await staffMember(request, 'office')).token}` };
  const reason = 'Gale warning in the Channel';
  const cancelled = await request.post('/api/admin/sailings/exceptions', {
    headers: office,
    data: { Island: 'Jersey', Date: sailing, Kind: 'cancelled', Reason: reason },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(201);
  const exceptionId = ((await cancelled.json()) as { Id: number }).Id;
  try {
    await test.step('My Account says the parcel is on a new sailing, and why', async () => {
      await page.goto('/dashboard/');
      await logIn(page, ann.email, ann.password);
      const part = page.getByRole('region', { name: 'Parcels on a new sailing (1)' });
      await expect(part.getByRole('link', { name: order.Reference })).toBeVisible();
      await expect(part.getByTestId('moved-arrival')).toContainText(reason);
      await expect(part.getByTestId('moved-arrival')).toContainText(
        /It leaves on the sailing of \w+ \d+ \w+, and it arrives/,
      );
      await screenshots(page, 'dashboard-moved-sailing', [390, 1280]);
      expect(await axeProblems(page)).toEqual([]);
    });
    await test.step('its link opens the order, which says the same', async () => {
      await page
        .getByRole('region', { name: 'Parcels on a new sailing (1)' })
        .getByRole('link', { name: order.Reference })
        .click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.Id}$`));
      await expect(page.getByTestId('order-arrival')).toContainText(reason);
    });
  } finally {
    const restored = await request.delete(`/api/admin/sailings/exceptions/${exceptionId}`, {
      headers: office,
    });
    expect(restored.status(), await restored.text()).toBeLessThan(300);
  }
});
