import { useSettings, type SocialLink } from '../features/settings/use-settings';
import { BRAND } from '../lib/site';
import { Icon, socialIcon } from './icons';
import { SiteLink } from './site-link';

/** The social media links from the settings (`Social` / `Links`). */
export function SocialLinks({ className }: { className?: string }) {
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
