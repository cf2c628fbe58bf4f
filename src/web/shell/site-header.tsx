import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { UserMenu } from '../features/account/user-menu';
import { BasketMenu } from '../features/basket/basket-menu';
import { BRAND } from '../lib/site';
import { Icon, icons } from '../components/icons';
import { browserOpensDialogs } from '../components/plain-dialog';
import { DRAWER_ID, SiteDrawer } from './site-drawer';
import { SocialLinks } from '../components/social-links';
import { SiteLink } from '../components/site-link';
import { useViewportPrefetch } from '../components/prefetch';
import logoSvg from '../assets/logo.svg?raw';

const MAIN_NAV = [
  { to: '/how-it-works/', label: 'How it works' },
  { to: '/faqs/', label: 'FAQs' },
];

function NavItem({ to, label }: { to: string; label: string }) {
  const ref = useViewportPrefetch<HTMLAnchorElement>(to);
  return (
    <NavLink ref={ref} to={to} className="site-header__link">
      {label}
    </NavLink>
  );
}

/**
 * The header (docs/requirements.md §2): logo, nav links, social links, the user menu, Add a
 * delivery and the basket menu; below the md breakpoint a burger opens the drawer instead.
 */
export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  return (
    <header className="site-header" data-testid="site-header">
      <div className="site-header__bar container">
        <button
          ref={burger}
          type="button"
          className="icon-button site-header__burger"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls={DRAWER_ID}
          {...{ commandfor: DRAWER_ID, command: 'show-modal' }}
          onClick={() =>
            browserOpensDialogs() ||
            document.querySelector<HTMLDialogElement>(`#${DRAWER_ID}`)?.showModal()
          }
        >
          <Icon path={icons.menu} />
        </button>
        <SiteLink to="/" className="site-header__logo" aria-label={`${BRAND} home`}>
          {/* Drawn in the page rather than fetched: one request fewer before the first paint. */}
          <span
            className="site-header__mark"
            aria-hidden="true"
            dangerouslySetInnerHTML={{ __html: logoSvg }}
          />
          <span className="site-header__brand">{BRAND}</span>
        </SiteLink>
        <nav className="site-header__nav" aria-label="Main">
          {MAIN_NAV.map((item) => (
            <NavItem key={item.to} {...item} />
          ))}
        </nav>
        {/* Beside the actions, not in them: the links come with the settings and take the free
            space the nav leaves, so nothing moves when they arrive. */}
        <SocialLinks className="site-header__social" />
        <div className="site-header__actions">
          <div className="site-header__user">
            <UserMenu />
          </div>
          <SiteLink to="/order/" className="button button--contained site-header__cta">
            Add a delivery
          </SiteLink>
          <BasketMenu />
        </div>
      </div>
      {/* In the page's HTML, closed: the burger opens it before the code loads. */}
      <SiteDrawer onToggle={setDrawerOpen} returnFocusTo={burger} />
    </header>
  );
}
