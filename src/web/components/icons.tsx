// Icons are inline SVG (Material Design Icons paths from @mdi/js), bundled from our own origin:
// no icon font to download, nothing from a third-party host (docs/decisions/0006).
import {
  mdiBasketOutline,
  mdiClose,
  mdiEmailOutline,
  mdiFacebook,
  mdiInstagram,
  mdiLink,
  mdiMapMarkerOutline,
  mdiMenu,
} from '@mdi/js';

/** The X (formerly Twitter) logo (Simple Icons, CC0). */
const X_LOGO =
  'M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z';

export const icons = {
  basket: mdiBasketOutline,
  close: mdiClose,
  email: mdiEmailOutline,
  menu: mdiMenu,
  place: mdiMapMarkerOutline,
};

interface Props {
  path: string;
  size?: number;
  className?: string;
}

/** A decorative icon: the control around it carries the accessible name. */
export function Icon({ path, size = 24, className }: Props) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** The icon for a social network's name as the settings give it, or a link. */
export function socialIcon(name: string): string {
  const key = name.trim().toLowerCase();
  if (key === 'facebook') return mdiFacebook;
  if (key === 'instagram') return mdiInstagram;
  if (key === 'x' || key === 'twitter') return X_LOGO;
  return mdiLink;
}
