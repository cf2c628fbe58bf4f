import type { APIRequestContext } from '@playwright/test';
import { staffMember } from './support/depot';
import { expect, test } from './support/fixtures';

// The home page's "book by" comes from the timetable (docs/decisions/0050): the notice names a
// target day with `{book-by …}`, the page shows the last moment a parcel may reach the depot to
// arrive by it, and when the office cancels that sailing the banner moves to the one before.

interface Calendar {
  From: string;
  Sailings: { Island: string; Date: string; CutOffAt: string }[];
}

/** `days` days after a yyyy-MM-dd day. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The public call's book-by for Jersey: its instant, and its cut-off in words. */
async function bookBy(request: APIRequestContext, target: string) {
  const res = await request.get(`/public/sailings/book-by?Island=Jersey&Target=${target}`);
  expect(res.status()).toBe(200);
  const { By, Words } = (await res.json()) as { By: string; Words: string };
  const [, cutOff] = /^If it reaches us by (.+), it arrives by /.exec(Words)!;
  return { By, cutOff };
}

// It changes the banner every page shows: the @alone tag runs it by itself (playwright.config.ts).
test('the banner’s book-by follows the timetable: a cancelled sailing moves it @alone', async ({
  page,
  request,
}) => {
  const office = await staffMember(request, 'office');
  const headers = { authorization: `Bearer ${office.token}` };
  const settings = await (await request.get('/api/admin/settings', { headers })).json();
  const calendar = (await (
    await request.get('/api/admin/sailings/calendar?Weeks=4', { headers })
  ).json()) as Calendar;
  // The Thursday of the fourth week shown: well ahead, whatever today is.
  const target = plusDays(calendar.From, 24);
  const notice = (cutOff: string) => `Jersey by your day: your parcel must reach us by ${cutOff}.`;
  const exceptionIds: number[] = [];
  const banner = page.getByTestId('notice-banner');
  try {
    const first =
      await test.step('the office names a target day in the banner: the home page shows its book-by', async () => {
        const saved = await request.put('/api/admin/settings', {
          headers,
          data: { Notice: { NoticeBanner: notice(`{book-by ${target} Jersey}`) } },
        });
        expect(saved.status()).toBe(200);
        const first = await bookBy(request, target);
        await page.goto('/');
        await expect(banner).toHaveText(notice(first.cutOff));
        return first;
      });

    const second =
      await test.step('the office cancels the sailings of that cut-off: the book-by is earlier', async () => {
        // The office cancels the sailings whose cut-off that is (near a bank holiday, several
        // sailings may share the working day before it as their cut-off).
        const sailings = calendar.Sailings.filter(
          (s) => s.Island === 'Jersey' && Date.parse(s.CutOffAt) === Date.parse(first.By),
        );
        expect(sailings.length).toBeGreaterThan(0);
        for (const sailing of sailings) {
          const cancelled = await request.post('/api/admin/sailings/exceptions', {
            headers,
            data: { Island: 'Jersey', Date: sailing.Date, Kind: 'cancelled', Reason: 'Dry dock' },
          });
          expect(cancelled.status()).toBe(201);
          exceptionIds.push(((await cancelled.json()) as { Id: number }).Id);
        }
        const second = await bookBy(request, target);
        expect(Date.parse(second.By)).toBeLessThan(Date.parse(first.By));
        return second;
      });

    await test.step('the next pages show the earlier cut-off in the banner', async () => {
      // The public settings are cached for seconds: the next pages show the earlier cut-off.
      await expect
        .poll(
          async () => {
            await page.reload();
            return banner.textContent();
          },
          { timeout: 30_000, intervals: [1_000, 2_000] },
        )
        .toBe(notice(second.cutOff));
    });
  } finally {
    for (const id of exceptionIds) {
      await request.delete(`/api/admin/sailings/exceptions/${id}`, { headers });
    }
    await request.put('/api/admin/settings', { headers, data: { Notice: settings.Notice } });
  }
});
