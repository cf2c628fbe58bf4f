import type { APIRequestContext, Page } from '@playwright/test';
import type { RouteView } from '../../src/shared/api/sailings';
import { axeProblems } from './support/booking';
import { staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { expectFocusShown, tabTo } from './support/keyboard';
import { expectAudited, staffLogIn } from './support/staff';

// The back office's sailings calendar (docs/decisions/0050), by keyboard alone: an office member
// goes to a Jersey sailing three weeks on with the arrow keys, cancels it with the reason
// customers read, sees it cancelled in the calendar and in the timetable's call, and restores it;
// Escape closes a day; axe finds nothing serious; the depot reads the calendar but changes
// nothing.

// In order, one at a time: two of them change Herm's route and put it back, each with the whole
// route as it read it, so one running beside the other would put back what the other changed.
test.describe.configure({ mode: 'default' });

interface Calendar {
  From: string;
  Sailings: { Island: string; Date: string; Status: string; Reason: string }[];
  Exceptions: { Island: string; Date: string; Kind: string }[];
}

async function calendar(request: APIRequestContext, token: string): Promise<Calendar> {
  const res = await request.get('/api/admin/sailings/calendar?Weeks=4', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Calendar;
}

/** `days` days after a yyyy-MM-dd day. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Herm's route as PUT /routes/Herm takes it back afterwards: all but its name and hub. */
async function hermRoute(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/admin/sailings/routes', { headers });
  const { Routes } = (await res.json()) as { Routes: RouteView[] };
  const { Island: _island, Via: _via, ...herm } = Routes.find((r) => r.Island === 'Herm')!;
  return herm;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Jersey sailings' });
const cell = (page: Page, day: string) => grid(page).locator(`[data-day="${day}"]`);

test('the office cancels a sailing with a reason by keyboard alone, and restores it', async ({
  page,
  request,
}) => {
  const office = await staffMember(request, 'office');
  const before = await calendar(request, office.token);
  // The Tuesday of the fourth week shown: Jersey sails every weekday night.
  const tuesday = plusDays(before.From, 22);
  expect(before.Sailings).toContainEqual(
    expect.objectContaining({ Island: 'Jersey', Date: tuesday, Status: 'scheduled' }),
  );

  await staffLogIn(page, office.email, office.password);
  await page.goto('/admin/sailings/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sailings' })).toBeVisible();
  await expect(grid(page)).toBeVisible();

  await test.step('the arrow keys reach the day; Escape closes it', async () => {
    // One cell of the grid is in the Tab order: today's.
    const active = grid(page).locator('[tabindex="0"]');
    await tabTo(page, active);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(cell(page, tuesday)).toBeFocused();
    await expectFocusShown(page);
    await page.keyboard.press('Enter');
    const day = page.getByRole('dialog', { name: /^Jersey: Tuesday/ });
    await expect(day).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(day).toBeHidden();
    await expect(cell(page, tuesday)).toBeFocused();
  });

  const reason = 'Gale warning in the Channel';
  await test.step('Enter opens the day; Cancel this sailing, a reason, Enter', async () => {
    await page.keyboard.press('Enter');
    const day = page.getByRole('dialog', { name: /^Jersey: Tuesday/ });
    await tabTo(page, day.getByRole('button', { name: 'Cancel this sailing' }));
    await page.keyboard.press('Enter');
    const reasonField = day.getByRole('textbox', { name: 'Reason' });
    await expect(reasonField).toBeFocused();
    // Without a reason it is refused, naming the field.
    await tabTo(page, day.getByRole('button', { name: 'Cancel the sailing' }));
    await page.keyboard.press('Enter');
    await expect(day.getByText('is required: the customer reads it')).toBeVisible();
    await tabTo(page, reasonField, { back: true });
    await page.keyboard.type(reason);
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'admin-sailings-cancel', [390, 1280]);
    await page.keyboard.press('Enter');
    await expect(day).toBeHidden();
    await expect(page.getByRole('status')).toContainText('Cancel this sailing: saved.');
    await expect(cell(page, tuesday)).toContainText('Cancelled');
    await expect(cell(page, tuesday)).toContainText(reason);
  });

  await test.step('the timetable says so, and the audit log has it', async () => {
    const after = await calendar(request, office.token);
    expect(after.Sailings).toContainEqual(
      expect.objectContaining({
        Island: 'Jersey',
        Date: tuesday,
        Status: 'cancelled',
        Reason: reason,
      }),
    );
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'admin-sailings', [390, 1280]);
  });

  await test.step('restored by keyboard: Enter, Restore the timetabled sailing', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await cell(page, tuesday).focus();
    await page.keyboard.press('Enter');
    const day = page.getByRole('dialog', { name: /^Jersey: Tuesday/ });
    await tabTo(page, day.getByRole('button', { name: 'Restore the timetabled sailing' }));
    await page.keyboard.press('Enter');
    await expect(day).toBeHidden();
    await expect(cell(page, tuesday)).not.toContainText('Cancelled');
    const restored = await calendar(request, office.token);
    expect(restored.Exceptions.filter((e) => e.Island === 'Jersey' && e.Date === tuesday)).toEqual(
      [],
    );
  });

  await expectAudited(page, { subject: 'Sailing', action: 'delete' }, office);
});

test('the depot reads the calendar and changes nothing', async ({ page, request }) => {
  const depot = await staffMember(request, 'depot');
  await staffLogIn(page, depot.email, depot.password);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Sailings' })
    .click();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weekly pattern and capacity' })).toHaveCount(0);
  await grid(page).locator('[tabindex="0"]').focus();
  await page.keyboard.press('Enter');
  const day = page.getByRole('dialog', { name: /^Jersey: / });
  await expect(day).toBeVisible();
  await expect(day.getByRole('button', { name: 'Cancel this sailing' })).toHaveCount(0);
  await expect(day.getByRole('button', { name: 'Add a closing day' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Week after and Week before move the calendar a week, kept in the address.
  const { From } = await calendar(request, depot.token);
  await tabTo(page, page.getByRole('button', { name: 'Week after' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${plusDays(From, 7)}`));
  await expect(cell(page, plusDays(From, 7 * 4))).toBeVisible();
  await expect(cell(page, From)).toHaveCount(0);
  await page.getByRole('button', { name: 'Week before' }).click();
  await expect(cell(page, From)).toBeVisible();
});

test('the office changes a route’s capacity by keyboard alone', async ({ page, request }) => {
  const office = await staffMember(request, 'office');
  const headers = { authorization: `Bearer ${office.token}` };
  const herm = await hermRoute(request, headers);
  try {
    await staffLogIn(page, office.email, office.password);
    await page.goto('/admin/sailings/');
    await tabTo(page, page.getByRole('tab', { name: 'Jersey' }));
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Herm' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('grid', { name: 'Herm sailings' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Weekly pattern and capacity' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Herm: weekly pattern and capacity' });
    const capacity = dialog.getByRole('textbox', { name: 'Parcels a sailing' });
    await tabTo(page, capacity);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('25');
    expect(await axeProblems(page)).toEqual([]);
    await screenshots(page, 'admin-sailings-pattern', [390, 1280]);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('route-summary')).toContainText('25 parcels a sailing');
  } finally {
    await request.put('/api/admin/sailings/routes/Herm', { headers, data: herm });
  }
});

test('a sailing the timetable loses while its day is open is refused, the day named', async ({
  page,
  request,
  consoleErrors,
}) => {
  const office = await staffMember(request, 'office');
  const headers = { authorization: `Bearer ${office.token}` };
  const herm = await hermRoute(request, headers);
  // The Thursday of the third week shown: Herm sails on Tuesdays and Thursdays.
  const thursday = plusDays((await calendar(request, office.token)).From, 17);
  const day = page.getByRole('dialog', { name: /^Herm: Thursday/ });
  try {
    await test.step('the office opens a Herm Thursday and goes to cancel its sailing', async () => {
      await staffLogIn(page, office.email, office.password);
      await page.goto('/admin/sailings/');
      await page.getByRole('tab', { name: 'Herm' }).click();
      await page
        .getByRole('grid', { name: 'Herm sailings' })
        .locator(`[data-day="${thursday}"]`)
        .click();
      await day.getByRole('button', { name: 'Cancel this sailing' }).click();
      await day.getByRole('textbox', { name: 'Reason' }).fill('Harbour works');
    });

    await test.step('Herm no longer sails on Thursdays meanwhile: the server refuses, naming the day', async () => {
      const changed = await request.put('/api/admin/sailings/routes/Herm', {
        headers,
        data: { ...herm, Departures: herm.Departures.filter((d) => d.Weekday !== 4) },
      });
      expect(changed.status()).toBe(200);
      await day.getByRole('button', { name: 'Cancel the sailing' }).click();
      await expect(day.getByRole('alert')).toHaveText(
        'This day has no sailing of the route that day.',
      );
      await expect(day.getByRole('textbox', { name: 'Reason' })).toHaveAttribute(
        'aria-invalid',
        'false',
      );
      expect(consoleErrors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
      consoleErrors.length = 0;
    });
  } finally {
    await request.put('/api/admin/sailings/routes/Herm', { headers, data: herm });
  }
});
