import { mdiFacebook, mdiInstagram, mdiLink } from '@mdi/js';
import { escapeHtml } from './html';

/**
 * The social media links from the settings (`Social` / `Links`, docs/requirements.md §2), in the
 * header, the drawer and the footer. The server writes them into every page it serves (src/server/
 * lib/web.ts) and the browser writes the same markup once it has read the settings itself, so they
 * are there from the first paint and a content page needs no code to show them (decision 0029).
 */
interface SocialLink {
  name: string;
  url: string;
}

/** The X (formerly Twitter) logo, which MDI does not draw (Simple Icons, CC0). */
const X_LOGO =
  'M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z';

/** The icon for a social network's name as the settings give it, or a link. */
function socialIcon(name: string): string {
  const key = name.trim().toLowerCase();
  if (key === 'facebook') return mdiFacebook;
  if (key === 'instagram') return mdiInstagram;
  if (key === 'x' || key === 'twitter') return X_LOGO;
  return mdiLink;
}

const isLink = (value: unknown): value is SocialLink =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SocialLink).name === 'string' &&
  typeof (value as SocialLink).url === 'string' &&
  /^https?:\/\//i.test((value as SocialLink).url);

/**
 * The list's items for the setting's links (other sites, opened in a new tab); `brand` is already
 * escaped (it comes from the list's attribute). Nothing usable gives no items.
 */
export function socialLinkItems(setting: unknown, brand: string): string {
  const links = Array.isArray(setting) ? setting.filter(isLink) : [];
  return links
    .map(
      ({ name, url }) =>
        `<li><a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" class="icon-button" aria-label="${brand} on ${escapeHtml(name)}">` +
        `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="${socialIcon(name)}" fill="currentColor"></path></svg></a></li>`,
    )
    .join('');
}

/**
 * The links' empty places in a built page (components/social-links.tsx draws them): a list named
 * "Follow us" carrying the brand, which the server fills.
 */
const SOCIAL_SLOT =
  /<ul class="social-links( [\w-]+)?" aria-label="Follow us" data-brand="([^"]*)"><\/ul>/g;

/** A built page with the links in each of their places. */
export function withSocialLinks(html: string, setting: unknown): string {
  return html.replace(SOCIAL_SLOT, (slot, _className, brand: string) =>
    slot.replace('></ul>', `>${socialLinkItems(setting, brand)}</ul>`),
  );
}
