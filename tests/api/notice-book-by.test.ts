// The notice banner's "book by" from the timetable (docs/decisions/0050): the seeded Christmas
// notice names its target day, and every page and GET /public/settings show in its place the
// last moment a parcel may reach the depot to arrive by it, the earliest of the islands; a
// change to the timetable moves it. The seeded timetable: Jersey and Guernsey sail every weekday
// night (4pm cut-off), Alderney's onward boat Monday, Wednesday and Friday.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { settings } from '../../src/server/db/schema';
import { useTestApp } from '../support/app';
import { bearer } from '../support/accounts';
import { staffMember } from '../support/staff';

const ctx = useTestApp();

afterEach(() => ctx.app.clock.set(null));

async function notice(): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/public/settings' });
  expect(res.statusCode).toBe(200);
  const items = res.json().items as { Category: string; Name: string; Value: string }[];
  return JSON.parse(items.find((i) => i.Name === 'NoticeBanner')!.Value) as string;
}

async function setNotice(value: string) {
  await ctx.database.db
    .update(settings)
    .set({ value: JSON.stringify(value) })
    .where(and(eq(settings.category, 'Site'), eq(settings.name, 'NoticeBanner')));
}

/** The book-by the public call gives for one island, as an instant. */
async function bookBy(island: string, target: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/public/sailings/book-by?Island=${island}&Target=${target}`,
  });
  return res.json().By as string | null;
}

describe('the Christmas notice', () => {
  test('names the earliest book-by of the islands, from the timetable', async () => {
    ctx.app.clock.set(new Date('2026-12-01T10:00:00Z'));
    expect(await notice()).toBe(
      'Christmas 2026: for delivery to the islands by Christmas Eve, your parcel must reach our ' +
        'depot by Friday 18 December, 4pm.',
    );
    // Alderney's boats make it the earliest; Jersey's alone is later.
    expect(await bookBy('Alderney', '2026-12-24')).toBe('2026-12-18T16:00:00.000Z');
    expect(await bookBy('Jersey', '2026-12-24')).toBe('2026-12-21T16:00:00.000Z');
  });

  test('per island when the notice names them, and relative to today near the day', async () => {
    await setNotice(
      'Jersey: {book-by 2026-12-24 Jersey}. Alderney: {book-by 2026-12-24 Alderney}. ' +
        'Both: {book-by 2026-12-24 Jersey Alderney}.',
    );
    ctx.app.clock.set(new Date('2026-12-18T09:00:00Z'));
    expect(await notice()).toBe('Jersey: Monday 4pm. Alderney: 4pm today. Both: 4pm today.');
  });

  test('a cancelled sailing moves it, and restoring it moves it back', async () => {
    await setNotice('Jersey by Christmas Eve: {book-by 2026-12-24 Jersey}.');
    ctx.app.clock.set(new Date('2026-12-01T10:00:00Z'));
    expect(await notice()).toBe('Jersey by Christmas Eve: Monday 21 December, 4pm.');

    const office = await staffMember(ctx, 'office');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/sailings/exceptions',
      headers: bearer(office.token),
      payload: { Island: 'Jersey', Date: '2026-12-21', Kind: 'cancelled', Reason: 'Dry dock' },
    });
    expect(created.statusCode).toBe(201);
    expect(await notice()).toBe('Jersey by Christmas Eve: Friday 18 December, 4pm.');

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/sailings/exceptions/${created.json().Id}`,
      headers: bearer(office.token),
    });
    expect(await notice()).toBe('Jersey by Christmas Eve: Monday 21 December, 4pm.');
  });

  test('past its day, it says so', async () => {
    await setNotice('Last call: {book-by 2026-12-24 Jersey}.');
    ctx.app.clock.set(new Date('2026-12-23T10:00:00Z'));
    expect(await notice()).toBe('Last call: the last sailing’s cut-off, now passed.');
  });
});
