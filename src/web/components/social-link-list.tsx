import { mdiFacebook, mdiInstagram, mdiLink } from '@mdi/js';
import { useSettings, type SocialLink } from '../features/settings/use-settings';
import { BRAND } from '../lib/site';
import { Icon } from './icons';
import { SiteLink } from './site-link';

/** The X (formerly Twitter) logo (Simple Icons, CC0). */
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

/** The social media links from the settings (`Social` / `Links`), loaded by social-links.tsx. */
export default function SocialLinkList({ className }: { className?: string }) {
  const settings = useSettings();
  const links = settings.get<SocialLink[]>('Social', 'Links') ?? [];
  if (!links.length) return null;
  return (
    <ul className={`social-links ${className ?? ''}`} aria-label="Follow us">
      {links.map((link) => (
        <li key={link.url}>
          <SiteLink to={link.url} className="icon-button" aria-label={`${BRAND} on ${link.name}`}>
            <Icon path={socialIcon(link.name)} size={20} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
