import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { registerCustomer } from './support/accounts';
import { expect, screenshots, test } from './support/fixtures';
import { hydrated } from './support/site';
import { FIRST_ADMIN, staffLogIn } from './support/staff';

// The Black Friday page (docs/decisions/0033): its offer comes from the discount code
// BLACKFRIDAY26 (seeded for 27 November to 1 December 2026, UK days). The server decides which
// day it is, so the test sets the server's clock (PUT /dev/clock) before, during and after the
// offer; during it the code works at the checkout, and when the office disables it in the back
// office the page says so. It moves the server's clock for every page: @alone.

const CODE = 'BLACKFRIDAY26';

async function setClock(request: APIRequestContext, at: string | null) {
  const res = await request.put('/dev/clock', { data: { At: at } });
  expect(res.status(), await res.text()).toBe(200);
}

/** What the checkout says of the code for one band A booking. */
async function checkCode(request: APIRequestContext, token: string) {
  const products = await (
    await request.post('/api/products', { data: { options: { itemsPerPage: 100 } } })
  ).json();
  const bandA = (products.items as { Id: number; Code: string }[]).find((b) => b.Code === 'A')!;
  const res = await request.post('/public/orders/checkdiscount', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      Code: CODE.toLowerCase(),
      Orders: [
        {
          ProductId: bandA.Id,
          RetailerName: 'John Lewis',
          RetailerWebsite: 'www.johnlewis.com',
          RetailerOrderNumber: 'JL-2611',
          ExpectedDeliveryDate: '',
          TrackingNumber: '',
          TermsAcceptedAt: new Date().toISOString(),
          ItemDescription: 'Winter coat',
          ItemValue: 120,
          ItemCount: 1,
          Island: 'Jersey',
          selectedExtras: [],
        },
      ],
    },
  });
  return { status: res.status(), body: await res.json() };
}

/** Opens the page: the offer as the server wrote it, then the same once the page's code runs. */
async function openOffer(page: Page) {
  const response = await page.goto('/black-friday/');
  expect(response!.status()).toBe(200);
  // The offer's place as the server filled it (the page also carries the offer's template).
  const served = /<div class="promotion-slot"[^>]*>([\s\S]*?)<\/div>/.exec(await response!.text());
  await hydrated(page);
  return { served: served?.[1] ?? '', offer: page.locator('.promotion-slot') };
}

test(`the Black Friday page shows ${CODE} only while it can be used @alone`, async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await registerCustomer(request, 'Bea');
  let served: string;
  let offer: Locator;
  let check: Awaited<ReturnType<typeof checkCode>>;
  try {
    await test.step('the day before: no code, no terms, and the page says when to come back', async () => {
      // The day before: no code, no terms, and the page says when to come back.
      await setClock(request, '2026-11-26T12:00:00Z');
      ({ served, offer } = await openOffer(page));
      expect(served).toContain('This offer has not started yet');
      expect(served).not.toContain(CODE);
      await expect(offer).toHaveText(/This offer has not started yet/);
      await expect(page.getByRole('main')).not.toContainText(CODE);
      await expect(page.getByRole('heading', { name: 'Offer terms' })).toHaveCount(0);
      check = await checkCode(request, token);
      expect(check.status).toBe(400);
      expect(check.body.message).toBe('This discount code can be used from 27 November 2026.');
    });

    await test.step('Black Friday, just after midnight in the UK: the code, its dates and its terms; the checkout takes it', async () => {
      // Black Friday, just after midnight in the UK: the code, its dates and its terms.
      await setClock(request, '2026-11-27T00:05:00Z');
      ({ served, offer } = await openOffer(page));
      expect(served).toContain(`Enter <strong>${CODE}</strong> at checkout`);
      await expect(offer).toContainText(
        `Enter ${CODE} at checkout to get 10% off the delivery price`,
      );
      await expect(offer).toContainText(
        'from Friday 27 November 2026 to Tuesday 1 December 2026, covering Black Friday',
      );
      await expect(page.getByRole('heading', { name: 'Offer terms' })).toBeVisible();
      await expect(offer).toContainText(
        'between 00:00 on Friday 27 November 2026 and 23:59 on Tuesday 1 December 2026 (UK time)',
      );
      await screenshots(page, 'black-friday-during');
      check = await checkCode(request, token);
      expect(check.status, JSON.stringify(check.body)).toBe(200);
      // Band A is £6.95: 10% is 69.5p, rounded half up.
      expect(check.body).toMatchObject({ Code: CODE, Description: '10% off', Discount: 0.7 });
    });

    await test.step('the office disables the code in the back office: the page follows, without a rebuild', async () => {
      // The office disables the code in the back office: the page follows, without a rebuild.
      await staffLogIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
      await page.goto('/admin/catalogue/?tab=discounts');
      const row = page
        .getByRole('table', { name: 'Discount codes' })
        .getByRole('row')
        .filter({ hasText: CODE });
      await row.getByRole('button', { name: `Disable ${CODE}` }).click();
      await expect(row).toContainText('Disabled');
      ({ served, offer } = await openOffer(page));
      expect(served).toContain('This offer is not available at the moment.');
      await expect(offer).toHaveText('This offer is not available at the moment.');
      await page.goto('/admin/catalogue/?tab=discounts');
      await row.getByRole('button', { name: `Enable ${CODE}` }).click();
      await expect(row).not.toContainText('Disabled');
      ({ offer } = await openOffer(page));
      await expect(offer).toContainText(`Enter ${CODE} at checkout`);
    });

    await test.step("the last minute of the offer's Tuesday still counts; the next minute it has ended", async () => {
      // The last minute of Cyber Monday's Tuesday still counts; the next minute it has ended.
      await setClock(request, '2026-12-01T23:59:00Z');
      expect((await checkCode(request, token)).status).toBe(200);
      await setClock(request, '2026-12-02T00:00:30Z');
      ({ served, offer } = await openOffer(page));
      expect(served).toContain('This offer has ended');
      expect(served).not.toContain(CODE);
      await expect(offer).toHaveText(/This offer has ended/);
      await expect(page.getByRole('main')).not.toContainText(CODE);
      await screenshots(page, 'black-friday-after');
      check = await checkCode(request, token);
      expect(check.status).toBe(400);
      expect(check.body.message).toMatch(/^This discount code expired on /);
    });
  } finally {
    await setClock(request, null);
  }
});
