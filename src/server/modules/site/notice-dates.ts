import { ISLANDS, isIsland, type Island } from '../../../shared/islands';
import type { SettingItem } from '../../../shared/api/settings';
import { parseValue } from '../../../shared/settings';
import { NOTICE_BOOK_BY } from '../../../shared/notice';
import { dayKey, dayOf, londonTimeOf } from '../../../shared/sailings/london-time';
import { christmasEve, type BookByLine } from '../../../shared/book-by-dates';
import { cutOffInWords } from '../../../shared/sailings/promise-words';
import type { Uses } from '../../lib/uses';
import { bookByNow } from '../sailings/promises';
import { publicSettings } from '../settings/service';

/**
 * The notice banner's dates from the timetable (docs/decisions/0050): staff write
 * `{book-by 2026-12-24}` (or `{book-by 2026-12-24 Jersey Guernsey}`) and every page shows in
 * its place the last moment a parcel may reach the depot to arrive by that day, the earliest of
 * the islands named (all of them when none is), so the banner follows the timetable.
 */

/** How far ahead the timetable answers a book-by date (as GET /public/sailings/book-by). */
const REACH_DAYS = 366;
const TOO_LATE = 'the last sailing’s cut-off, now passed';
const UNKNOWN = 'a date we will confirm';

async function bookByWords(
  app: Uses<'database'>,
  now: Date,
  target: string,
  islands: readonly Island[],
): Promise<string> {
  const today = londonTimeOf(now.getTime()).day;
  const day = dayOf(target);
  if (Number.isNaN(day) || day > today + REACH_DAYS) return UNKNOWN;
  if (day < today) return TOO_LATE;
  const answers = await Promise.all(
    islands.map((Island) => bookByNow(app.database.db, now, { Island, Target: target })),
  );
  const times = answers.map((a) => (a.By ? Date.parse(a.By) : null));
  if (times.some((t) => t === null)) return TOO_LATE;
  return cutOffInWords(Math.min(...(times as number[])), now);
}

/** The notice text with each book-by token replaced by its date, asked at `now`. */
async function withBookByDates(app: Uses<'database'>, now: Date, text: string): Promise<string> {
  const tokens = [...text.matchAll(NOTICE_BOOK_BY)];
  if (tokens.length === 0) return text;
  const words = await Promise.all(
    tokens.map(([, target, named = '']) => {
      const islands = named.split(/\s+/).filter(isIsland);
      return bookByWords(app, now, target, islands.length > 0 ? islands : ISLANDS);
    }),
  );
  let i = 0;
  return text.replace(NOTICE_BOOK_BY, () => words[i++]);
}

/** The public settings with the notice banner's dates filled in, asked now. */
async function withNoticeDates(
  app: Uses<'database' | 'clock'>,
  items: readonly SettingItem[],
): Promise<SettingItem[]> {
  const now = app.clock.now();
  return Promise.all(
    items.map(async (item) => {
      const text =
        item.Category === 'Site' && item.Name === 'NoticeBanner' && parseValue(item.Value);
      return typeof text === 'string'
        ? { ...item, Value: JSON.stringify(await withBookByDates(app, now, text)) }
        : item;
    }),
  );
}

/**
 * The public settings as the pages show them (GET /public/settings and the served pages): the
 * notice banner's book-by dates from the timetable (above), through the node's cache,
 * so a change to the timetable shows within the cache's time.
 */
export function shownSettings(app: Uses<'cache' | 'database' | 'clock'>): Promise<SettingItem[]> {
  return app.cache.get('settings:shown', async () =>
    withNoticeDates(app, await publicSettings(app)),
  );
}

/**
 * Each island's last moment to reach the depot for Christmas Eve (a content page's
 * `christmas-dates` block, shared/book-by-dates.ts), through the node's cache.
 */
export function christmasDatesNow(
  app: Uses<'cache' | 'database' | 'clock'>,
): Promise<BookByLine[]> {
  return app.cache.get('christmas-dates', () => {
    const now = app.clock.now();
    const target = christmasEve(dayKey(londonTimeOf(now.getTime()).day));
    return Promise.all(
      ISLANDS.map(async (Island) => {
        const { Words } = await bookByNow(app.database.db, now, { Island, Target: target });
        return { Island, Words };
      }),
    );
  });
}
