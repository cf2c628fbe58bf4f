import type { Promotion } from './api/promotions';
import { escapeHtml } from './html';

/**
 * A promotion page's offer (docs/decisions/0033). The page's markdown holds the offer with
 * `{code}`, `{discount}`, `{from}` and `{to}` where the code's data goes; the offer is shown only
 * while the code can be used, and otherwise the page says plainly why there is none. The server
 * writes this into the page it sends (src/server/lib/web.ts) and the browser writes the same
 * markup once it has asked for the code itself, so the page does not change when its code loads.
 */

/** What the page says when its code is not usable now. */
const PROMOTION_MESSAGES = {
  upcoming: 'This offer has not started yet. Its code and terms will be here when it starts.',
  ended: 'This offer has ended. Its code can no longer be used.',
  unavailable: 'This offer is not available at the moment.',
} as const;

/** `2026-11-27` as `Friday 27 November 2026`. */
function promotionDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric', month: 'long', year: 'numeric' })}`;
}

/** The offer's markup for the code as it stands (none yet: empty, the page waits for it). */
export function promotionHtml(template: string, promotion: Promotion | undefined): string {
  if (!promotion) return '';
  if (promotion.State !== 'active') {
    return `<p class="alert alert--info" data-testid="promotion-closed">${PROMOTION_MESSAGES[promotion.State]}</p>`;
  }
  const values: Record<string, string> = {
    code: promotion.Code,
    discount: promotion.Discount ?? '',
    from: promotion.From ? promotionDay(promotion.From) : 'now',
    to: promotion.To ? promotionDay(promotion.To) : 'further notice',
  };
  return template.replace(/\{(code|discount|from|to)\}/g, (_, name: string) =>
    escapeHtml(values[name]),
  );
}

/** The offer's place in a built page, which the server fills (src/server/lib/web.ts). */
const promotionSlot = (code: string) =>
  `<div class="promotion-slot" data-promotion="${escapeHtml(code)}"></div>`;

/** The offer's template in a built page: the markdown's offer with its `{…}` places. */
const TEMPLATE = /<template data-promotion-template="([A-Z0-9-]+)">([\s\S]*?)<\/template>/;

/**
 * A built page with the offer of its promoted code written in (a page promoting none:
 * unchanged). `lookUp` finds where the code stands; when it cannot, the page is left to the
 * browser.
 */
export async function withPromotion(
  html: string,
  lookUp: (code: string) => Promise<Promotion | undefined>,
): Promise<string> {
  const found = TEMPLATE.exec(html);
  if (!found) return html;
  const [, code, template] = found;
  const offer = promotionHtml(template, await lookUp(code));
  if (!offer) return html;
  const slot = promotionSlot(code);
  return html.replace(slot, () => slot.replace('></div>', `>${offer}</div>`));
}
