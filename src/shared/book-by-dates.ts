import { escapeHtml, withLiveBlock } from './html';
import { ISLANDS } from './islands';

/**
 * The last days for Christmas that a content page lists (its markdown's `christmas-dates`
 * block, docs/decisions/0050): for each island, the sentence of GET /public/sailings/book-by for
 * Christmas Eve, from the timetable, never typed. The server writes them into the page it sends
 * (src/server/lib/web.ts), so they are there without any code; the browser writes the same
 * markup from the calls it makes (components/christmas-dates.tsx), for a visit from
 * another page, where no HTML came from the server.
 */

/** One island's answer: the public call's sentence. */
export interface BookByLine {
  Island: string;
  Words: string;
}

/** The block's place in a built page: its opening tag up to the items. */
const SLOT_OPEN = '<dl class="book-by-dates" aria-label="Last days for Christmas"';

/** Christmas Eve of the Christmas to come, seen on `today` (yyyy-MM-dd): after it, next year's. */
export function christmasEve(today: string): string {
  const year = Number(today.slice(0, 4));
  return today > `${year}-12-24` ? `${year + 1}-12-24` : `${year}-12-24`;
}

/** The block's items, or each island's name alone while the answers are not in (null). */
export function bookByItems(lines: readonly BookByLine[] | null): string {
  return ISLANDS.map((island) => {
    const words = lines?.find((l) => l.Island === island)?.Words ?? '';
    return `<dt>${island}</dt><dd data-testid="book-by-${island}">${escapeHtml(words)}</dd>`;
  }).join('');
}

/**
 * A built page with the islands' last days written in (a page without the block: unchanged).
 * `lookUp` asks the timetable; when it cannot, the page is left to the browser.
 */
export const withBookByDates = (
  html: string,
  lookUp: () => Promise<readonly BookByLine[] | undefined>,
): Promise<string> =>
  withLiveBlock(html, { open: SLOT_OPEN, tag: 'dl', items: bookByItems }, lookUp);
