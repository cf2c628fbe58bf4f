import { memo, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { focusContentIfLost } from '../lib/focus';
import { linkAction } from '../lib/links';
import { CookieBanner } from '../components/cookie-banner';
import { NoticeBanner } from '../components/notice-banner';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from './site-header';

/**
 * The frame's parts take no props, so they are drawn again only for what each reads itself (the
 * session, the settings, the address), not with every change of the router's state (a loader, a
 * fetcher, a navigation) that draws the screen inside them again: on My Account's first load
 * that was the whole frame a few times over, at a slow phone's pace (decision 0029).
 */
const Header = memo(SiteHeader);
const Notice = memo(NoticeBanner);
const Footer = memo(SiteFooter);
const Cookies = memo(CookieBanner);

/**
 * docs/requirements.md §2, catchLinks: a click on any plain `<a>` in the site (links in the
 * markdown of content pages included) to a page of this site navigates inside the app; a link to
 * another site opens in a new tab. Links that handled their own click (React Router's) are left
 * alone.
 */
function useLinkCatcher() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.('a');
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    const action = linkAction(
      {
        href: anchor.getAttribute('href'),
        target: anchor.getAttribute('target'),
        download: anchor.hasAttribute('download'),
        button: event.button,
        modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        defaultPrevented: event.defaultPrevented,
      },
      new URL(window.location.href),
    );
    if (action.kind === 'internal') {
      event.preventDefault();
      navigate(action.to);
    } else if (action.kind === 'new-tab') {
      event.preventDefault();
      window.open(action.href, '_blank', 'noopener,noreferrer');
    }
  };
}

/** Moves focus to the page's content (the skip link), without changing the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/**
 * After a move to another page inside the app, the focus goes to the page's content if the
 * control that moved has gone (focusContentIfLost); a page that focused something itself keeps it.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusContentIfLost();
  }, [pathname]);
}

/** The shared layout: skip link, header, notice banner, the page, footer, cookie banner. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const catchLinks = useLinkCatcher();
  useFocusOnNavigation();
  return (
    <div className="site" onClick={catchLinks}>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to main content
      </a>
      <Header />
      <Notice />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <Footer />
      <Cookies />
    </div>
  );
}
