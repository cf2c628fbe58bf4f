import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router';
import { swipeDirection, type Point } from '../../shared/swipe';
import { BREAKPOINTS } from '../../shared/breakpoints';
import { DrawerAccountLinks } from '../features/account/user-menu';
import { useBasketCount } from '../features/basket/basket-menu';
import { BRAND } from '../lib/site';
import { Icon, icons } from '../components/icons';
import { wrapFocus } from '../components/plain-dialog';
import { SocialLinks } from '../components/social-links';
import logoUrl from '../assets/logo.svg?url';

interface Props {
  /** Told when the drawer opens or closes (the burger says whether it is expanded). */
  onToggle: (open: boolean) => void;
  /** Where focus goes back to when the drawer closes (the burger). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/how-it-works/', label: 'How it works' },
  { to: '/faqs/', label: 'FAQs' },
];

/** The drawer's id: the burger opens it with no script (`commandfor`). */
export const DRAWER_ID = 'site-drawer';

/**
 * The drawer below the md breakpoint (docs/requirements.md §2): full width, slides in from the
 * burger. A modal navigation dialog named "Menu", holding the "Main" navigation (the header's is
 * hidden at this width): focus moves in when it opens, Tab and Shift+Tab go round its controls, and
 * the page behind is inert. It is in every customer page's HTML, closed: the burger opens it with
 * no script (`commandfor`), its close button and Escape close it, and its links are links, before
 * the page's code has loaded (docs/decisions/0029). It closes on a route change, on a swipe to the
 * left (the shared swipe rule), and when the window grows past the breakpoint; focus then returns
 * to the burger.
 */
export function SiteDrawer({ onToggle, returnFocusTo }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const basketCount = useBasketCount();
  const touchStart = useRef<Point | null>(null);
  const onClose = () => dialog.current?.close();
  const toggled = useEffectEvent((open: boolean) => onToggle(open));

  // The dialog itself is the state: opened by the browser (the burger) or by the page.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const told = () => toggled(element.open);
    told();
    element.addEventListener('toggle', told);
    return () => element.removeEventListener('toggle', told);
  }, []);

  // Closes on a route change (a link inside it, or the browser's back button).
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    dialog.current?.close();
  }, [location.key]);

  // Closes when the window grows to the md breakpoint, where the drawer has no place.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${BREAKPOINTS.md}px)`);
    const onChange = () => query.matches && dialog.current?.close();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const onDialogClose = () => returnFocusTo.current?.focus();

  return (
    <dialog
      ref={dialog}
      id={DRAWER_ID}
      className="site-drawer"
      aria-label="Menu"
      aria-modal="true"
      data-testid="site-drawer"
      onClose={onDialogClose}
      onKeyDown={wrapFocus}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const touch = event.changedTouches[0];
        const start = touchStart.current;
        touchStart.current = null;
        if (!start || !touch) return;
        if (swipeDirection(start, { x: touch.clientX, y: touch.clientY }) === 'left') onClose();
      }}
    >
      <div className="site-drawer__head">
        <span className="site-drawer__brand">
          <img src={logoUrl} alt="" width={32} height={32} />
          {BRAND}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label="Close menu"
          {...{ commandfor: DRAWER_ID, command: 'close' }}
        >
          <Icon path={icons.close} />
        </button>
      </div>
      <nav aria-label="Main" className="site-drawer__nav">
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className="site-drawer__link"
                onClick={() => onClose()}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/basket/" className="site-drawer__link" onClick={() => onClose()}>
              Basket
              <span className="count-badge" aria-label={`${basketCount} items`}>
                {basketCount}
              </span>
            </NavLink>
          </li>
        </ul>
        <NavLink
          to="/order/"
          className="button button--contained button--block button--large"
          onClick={() => onClose()}
        >
          Add a delivery
        </NavLink>
      </nav>
      <DrawerAccountLinks onClose={onClose} />
      <SocialLinks className="site-drawer__social" />
    </dialog>
  );
}
