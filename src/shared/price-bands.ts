import type { Product } from './api/catalogue';
import { boxImagesFor } from './box-images';
import { escapeHtml, withLiveBlock } from './html';
import { formatDimensionsCm } from './labels';
import { formatMoney, toPence } from './money';

/**
 * The price bands a content page lists (its markdown's `price-bands` block): each with its box
 * image, size in cm, weight and price. The server writes them into the page it sends
 * (src/server/lib/web.ts), so the prices are there at the first paint, before any code; the
 * browser writes the same markup from the catalogue it reads (components/price-bands.tsx),
 * which also serves a visit from another page, where no HTML came from the server.
 */

/** The list's place in a built page: its opening tag up to the items. */
const SLOT_OPEN = '<ul class="price-bands" aria-label="Price bands"';

/** What the list shows until the catalogue is read: eight empty cards of a band's size. */
const LOADING = '<li class="price-band price-band--loading" aria-hidden="true"></li>'.repeat(8);

/** The list's items for the bands, or the empty cards while there are none yet (null). */
export function priceBandItems(bands: readonly Product[] | null): string {
  if (!bands) return LOADING;
  return bands
    .map(
      (band) =>
        `<li class="price-band" data-testid="price-band">` +
        `<img src="${escapeHtml(boxImagesFor(band.TTLMDProductCode)[0]!)}" alt="" width="72" height="72">` +
        `<h3 class="price-band__code">Price Band ${escapeHtml(band.Code)}</h3>` +
        `<p class="price-band__name">${escapeHtml(band.Name)}</p>` +
        `<p>${escapeHtml(formatDimensionsCm(band))}</p>` +
        `<p>up to ${band.MaxWeight / 1000} kg</p>` +
        `<p class="price-band__price">${escapeHtml(formatMoney(toPence(band.Price)))}</p>` +
        `</li>`,
    )
    .join('');
}

/**
 * A built page with its price bands written in (a page listing none: unchanged). `lookUp` reads
 * the catalogue; when it cannot, the page is left to the browser.
 */
export const withPriceBands = (
  html: string,
  lookUp: () => Promise<readonly Product[] | undefined>,
): Promise<string> =>
  withLiveBlock(html, { open: SLOT_OPEN, tag: 'ul', items: priceBandItems }, lookUp);
