import { noticeBannerHtml } from '../../shared/notice';
import { useSettings } from '../lib/use-settings';

/**
 * The optional notice under the header, its text from the settings (`Site` / `NoticeBanner`).
 * The server writes the current notice into the page (src/server/lib/web.ts); hydrating leaves
 * an element's inner HTML as the server sent it, so the banner is there from the first paint and
 * nothing moves. Once the settings arrive, the browser writes the same markup (a staff edit since
 * the page was served shows then).
 */
export function NoticeBanner() {
  const settings = useSettings();
  const html = settings.loaded ? noticeBannerHtml(settings.get('Site', 'NoticeBanner')) : '';
  // A new element once the settings are in, so a notice removed since the page was served goes.
  return (
    <div
      key={settings.loaded ? 'current' : 'served'}
      className="notice-slot"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
