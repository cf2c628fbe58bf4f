import type { Locator, Page } from '@playwright/test';
import { axeProblems } from './support/booking';
import { staffMember } from './support/depot';
import { expect, screenshots, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { FIRST_ADMIN, staffLogIn } from './support/staff';

// The back office's navigation (decision 0056): each role sees the rooms it may open, grouped as
// the depot floor, the office and the administration; the room shown is marked; a side bar on a
// desktop, a drawer behind a menu button on a phone, both used with the keyboard alone.

const FLOOR = ['Receive', 'Unmatched', 'Waiting', 'Dispatch', 'Consolidation', 'Returns'];
const OFFICE = ['Today', 'Quotes', 'Orders', 'Invoices', 'Cases', 'Customers'];
const KEPT_BY_THE_OFFICE = ['Sailings', 'Catalogue', 'Settings', 'Audit log'];

const nav = (page: Page | Locator) => page.getByRole('navigation', { name: 'Back office' });
const group = (page: Page | Locator, name: string) => nav(page).getByRole('list', { name });

/** The navigation's group headings, and each group's links in order. */
async function expectGroups(page: Page, groups: Record<string, string[]>) {
  await expect(nav(page).getByRole('heading')).toHaveText(Object.keys(groups));
  for (const [name, links] of Object.entries(groups)) {
    await expect(group(page, name).getByRole('link')).toHaveText(links);
  }
}

test('each role sees the rooms it may open, in their groups', async ({ page, request }) => {
  await test.step('a depot member: the depot floor only, the timetable it reads among it', async () => {
    const depot = await staffMember(request, 'depot');
    await staffLogIn(page, depot.email, depot.password);
    await expectGroups(page, {
      'Depot floor': [
        'Receive',
        'Unmatched',
        'Waiting',
        'Dispatch',
        'Sailings',
        'Consolidation',
        'Returns',
      ],
    });
    // The rooms the depot cannot open are not offered, not even as a heading.
    for (const name of ['Today', 'Orders', 'Staff', 'Catalogue', 'Audit log']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Log out' }).click();
  });

  await test.step('an office member: the floor, the office, and the timetable, catalogue, settings and audit log it keeps', async () => {
    const office = await staffMember(request, 'office');
    await staffLogIn(page, office.email, office.password);
    await expectGroups(page, {
      'Depot floor': FLOOR,
      Office: OFFICE,
      Administration: KEPT_BY_THE_OFFICE,
    });
    await page.getByRole('button', { name: 'Log out' }).click();
  });

  await test.step('an admin: every room, staff and health too', async () => {
    await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
    await expectGroups(page, {
      'Depot floor': FLOOR,
      Office: OFFICE,
      Administration: [...KEPT_BY_THE_OFFICE, 'Staff', 'Health'],
    });
  });
});

test("every room's link opens its screen, titled as the link's room, and marks it the current page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  const links = nav(page).getByRole('link');
  const count = await links.count();
  expect(count).toBe(18);
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    const href = (await link.getAttribute('href'))!;
    // Every room is /admin/{room}/: the addresses the requirements and the e-mails' links use.
    expect(href).toMatch(/^\/admin\/[a-z]+\/$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeVisible();
    // The title and the heading change with the screen, within a moment of each other.
    await expect
      .poll(async () => `${await h1.textContent()} | ${await page.title()}`)
      .toMatch(/^(.+) \| \1 - Ferrybox$/);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(nav(page).locator('[aria-current]')).toHaveCount(1);
  }
});

test('at 375 px a menu button opens the rooms in a drawer, with the keyboard alone; at 1280 px they are a side bar', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const office = await staffMember(request, 'office');
  await page.setViewportSize({ width: 375, height: 812 });
  await staffLogIn(page, office.email, office.password);
  await expect(page).toHaveURL(/\/admin\/today\/$/);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });

  await test.step('closed: the bar shows the menu button, the side bar is not there', async () => {
    await expect(nav(page)).toHaveCount(0);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'tests/.artifacts/screenshots/admin-nav-closed-375.png' });
  });

  await test.step('Tab to the menu button, Enter: the drawer holds the groups, Today marked', async () => {
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-modal', 'true');
    // Behind the modal drawer, out of the accessibility tree, the button says it is open.
    await expect(
      page.getByRole('button', { name: 'Open menu', includeHidden: true }),
    ).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toContainText(`${office.name} (office)`);
    await expect(nav(menu).getByRole('heading')).toHaveText([
      'Depot floor',
      'Office',
      'Administration',
    ]);
    await expect(group(menu, 'Office').getByRole('link', { name: 'Today' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'tests/.artifacts/screenshots/admin-nav-open-375.png' });
  });

  await test.step('Tab to Dispatch, Enter: Dispatch opens, the drawer closes, the focus back on the menu button', async () => {
    await tabTo(page, group(menu, 'Depot floor').getByRole('link', { name: 'Dispatch' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/dispatch\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispatch');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  await test.step('Space opens it again, Dispatch marked; Escape closes it', async () => {
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await expect(nav(menu).locator('[aria-current="page"]')).toHaveText('Dispatch');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  await test.step('at 1280 px: no menu button; the side bar, Dispatch marked, reached with Tab', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(menuButton).toBeHidden();
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Dispatch');
    await tabTo(page, group(page, 'Office').getByRole('link', { name: 'Invoices' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/invoices\/$/);
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Invoices');
    expect(await axeProblems(page)).toEqual([]);
    await nav(page).getByRole('link', { name: 'Today' }).click();
    await expect(nav(page).locator('[aria-current="page"]')).toHaveText('Today');
    await screenshots(page, 'admin-nav', [1280]);
  });
});
