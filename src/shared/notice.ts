import { escapeHtml } from './html';

/**
 * The notice banner under the header (docs/requirements.md §2), its text from the settings (`Site`
 * / `NoticeBanner`). The server writes it into every page it serves and the browser writes it
 * again when the settings change, both with this function, so the page does not move when the
 * settings arrive. No text (or only spaces, or not a string) gives no banner.
 */
export function noticeBannerHtml(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return '';
  return `<aside class="notice-banner" aria-label="Notice" data-testid="notice-banner"><p class="container">${escapeHtml(text.trim())}</p></aside>`;
}

/**
 * A date from the timetable in the notice's text (docs/decisions/0050): `{book-by 2026-12-24}`,
 * optionally naming islands (`{book-by 2026-12-24 Jersey Guernsey}`), which the server replaces
 * with the last moment a parcel may reach the depot to arrive by that day.
 */
export const NOTICE_BOOK_BY = /\{book-by (\d{4}-\d{2}-\d{2})((?: [A-Za-z]+)*)\}/g;

/** The banner's empty place in a built page, which the server fills (src/server/lib/web.ts). */
export const NOTICE_SLOT = '<div class="notice-slot"></div>';

/** A built page with the banner for `text` in its place (the first slot; none: unchanged). */
export function withNoticeBanner(html: string, text: unknown): string {
  const banner = noticeBannerHtml(text);
  if (!banner) return html;
  return html.replace(NOTICE_SLOT, () => `<div class="notice-slot">${banner}</div>`);
}
