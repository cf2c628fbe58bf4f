import { escapeHtml } from '../../shared/html';
import { socialLinkItems } from '../../shared/social-links';
import { useSettings } from '../lib/use-settings';
import { BRAND } from '../lib/site';

/**
 * The social media links from the settings (`Social` / `Links`). The server writes them into the
 * page it serves (src/shared/social-links.ts); hydrating keeps that markup, and the browser
 * writes it again once the settings arrive (a staff edit since the page was served shows then).
 * With none, the empty list is not shown (layout.css).
 */
export function SocialLinks({ className }: { className: string }) {
  const settings = useSettings();
  const items = settings.loaded
    ? socialLinkItems(settings.get('Social', 'Links'), escapeHtml(BRAND))
    : '';
  return (
    <ul
      key={settings.loaded ? 'current' : 'served'}
      className={`social-links ${className}`}
      aria-label="Follow us"
      data-brand={BRAND}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: items }}
    />
  );
}
