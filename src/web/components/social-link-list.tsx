import { useSettings, type SocialLink } from '../features/settings/use-settings';
import { BRAND } from '../lib/site';
import { Icon, icons } from './icons';
import { SiteLink } from './site-link';

/** The icon for a social network's name as the settings give it, or a link. */
function socialIcon(name: string): string {
  const key = name.trim().toLowerCase();
  if (key === 'facebook') return icons.facebook;
  if (key === 'instagram') return icons.instagram;
  if (key === 'x' || key === 'twitter') return icons.x;
  return icons.link;
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
