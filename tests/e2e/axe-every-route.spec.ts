import type { Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { axeProblems } from './support/booking';
import { expect, test } from './support/fixtures';
import { depot, paidBooking } from './support/orders';
import { FIRST_ADMIN, staffLogIn } from './support/staff';

// Accessibility on every screen: axe (WCAG 2.2 AA and best practice) finds no serious
// or critical problem on the public pages, the customer's screens (My Account included) and the
// back office. The booking steps have their own axe checks (booking-*.spec.ts).

// Each test checks a dozen or twenty screens in a row, 1 to 3 s each: the public pages took over
// a minute on this 2-core machine under load (while taking 18 s on a quiet one).
test.describe.configure({ timeout: 180_000 });

/** The page at each path, once it has drawn its main heading, checked by axe. */
async function check(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    problems.push(...(await axeProblems(page)).map((p) => `${path}: ${p}`));
  }
  return problems;
}

// The public pages (each content page has its own axe check in site-pages.spec.ts, once its
// settings have arrived: only the not-found pages are checked here).
const PUBLIC_PAGES = [
  '/404/',
  '/no/such/page',
  '/order/',
  '/calculator/',
  '/basket/',
  '/checkout/',
  '/quote/',
  '/order-confirm/',
  '/quote-confirm/',
  '/payment/failure/',
  '/verify/0000000000000000000A',
  '/track/0000000000000000000A',
  '/reset-password/not-a-token',
];

test('the public pages: booking, payment, links from e-mails and not found', async ({
  page,
  consoleErrors,
}) => {
  expect(await check(page, PUBLIC_PAGES)).toEqual([]);
  // the not-found pages, and the unknown certificate, answer 404 as they should
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});

test('the customer’s screens', async ({ page, request }) => {
  const { email, password, order } = await paidBooking(request);
  await depot(request, 'receive', {
    OrderReference: order.Reference,
    WeightGrams: 2300,
    LengthMm: 400,
    WidthMm: 300,
    HeightMm: 200,
  });
  const invoice = await request.post('/dev/invoices', {
    data: { OrderReference: order.Reference, Amount: 4.5, Reason: 'Excess weight', Hold: false },
  });
  expect(invoice.status()).toBe(201);
  const { Id: invoiceId } = (await invoice.json()) as { Id: number };
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await logIn(page, email, password);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
  const problems = await check(page, [
    '/dashboard/',
    '/dashboard/profile/',
    '/dashboard/orders/',
    `/dashboard/orders/${order.Id}`,
    '/dashboard/addresses/',
    '/dashboard/household/',
    '/dashboard/consolidation/',
    '/dashboard/delete-account/',
    `/dashboard/pay/${invoiceId}`,
    '/checkout/',
  ]);
  expect(problems).toEqual([]);
});

test('the back office', async ({ page }) => {
  const open = await check(page, ['/admin/login/']);
  await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  const problems = [
    ...open,
    ...(await check(page, [
      '/admin/',
      '/admin/receive/',
      '/admin/parcels/',
      '/admin/dispatch/',
      '/admin/sailings/',
      '/admin/returns/',
      '/admin/consolidation/',
      '/admin/staff/',
      '/admin/today/',
      '/admin/quotes/',
      '/admin/orders/',
      '/admin/catalogue/',
      '/admin/catalogue/?tab=extras',
      '/admin/catalogue/?tab=discounts',
      '/admin/settings/',
    ])),
  ];
  expect(problems).toEqual([]);
});
