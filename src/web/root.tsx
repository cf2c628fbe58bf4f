import {
  memo,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import { PrefetchProvider } from './components/prefetch';
import { SiteLayout } from './shell/site-layout';
import { AccountDialogs } from './features/account/account-dialogs';
import { pageLoadGuard } from './lib/deployment';
import { lazyChunk } from './lib/lazy';
import { BUILD_META_NAME } from './lib/page-data';
import { BUILD_ID, pageTitle, TRACKING_CONFIGURED } from './lib/site';
import { headerScroll, THEME_COLOUR, WEB_FONT } from './page-tokens';
import { SITE_VERSION } from '../shared/site-version';
import 'virtual:design-tokens.css';
import './styles/site.css';

// Fetched when a page fails (the /404/ page and the catch-all route have it in their own code).
const loadNotFound = async () => ({ default: (await import('./components/not-found')).NotFound });
const NotFound = lazyChunk('not-found', loadNotFound);

/** Checks the data of every in-app navigation (lib/deployment.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [pageLoadGuard];

/**
 * The stylesheets of the matched routes, written with a React `precedence`: React then puts them
 * in <head> ahead of the script preloads, so the first paint does not wait behind the scripts
 * (React Router's own <Links> writes them after the preloads; the browser loads each file once).
 */
function EarlyStylesheets() {
  const manifest = useContext(UNSAFE_FrameworkContext)?.manifest;
  const matches = useMatches();
  const hrefs = new Set(matches.flatMap((m) => manifest?.routes[m.id]?.css ?? []));
  return [...hrefs].map((href) => (
    <link key={href} rel="stylesheet" href={href} precedence="site" />
  ));
}

/**
 * sessionStorage: set once this tab has fetched the web font (decision 0028). Not localStorage:
 * the browser's cache may have dropped the font by a later visit, and a page would then wait for
 * it again.
 */
const FONT_KEY = 'FONT';

/**
 * Runs before the body is parsed, so before the first paint: a tab that has not fetched the web
 * font yet draws this page in the fallback fonts (`<html data-font="later">`, styles/base.css),
 * so the first paint neither waits for nor competes with the font. Once the page has loaded and
 * the browser is idle, it fetches the font for the next page and remembers that it has it: a
 * content page may never load its code (docs/decisions/0029), so this is not left to the code.
 */
const FONT_GATE =
  `try{if(!sessionStorage.getItem(${JSON.stringify(FONT_KEY)})){document.documentElement.setAttribute("data-font","later");` +
  `addEventListener("load",function(){function f(){document.fonts&&document.fonts.load(${JSON.stringify(`1em ${WEB_FONT}`)}).then(function(){try{sessionStorage.setItem(${JSON.stringify(FONT_KEY)},"1")}catch(e){}})}` +
  `window.requestIdleCallback?requestIdleCallback(f,{timeout:2000}):setTimeout(f,1)})}}catch(e){}`;

/**
 * The header's change of style past the threshold is CSS's (a scroll-driven animation,
 * styles/layout.css): no code at rest. A browser without scroll timelines gets
 * `<html data-scrolled>` from this instead, with the spec's throttle.
 */
const HEADER_GATE =
  `try{if(!(window.CSS&&CSS.supports("animation-timeline","scroll()"))){var d=document.documentElement,t=0,` +
  `u=function(){t=0;d.toggleAttribute("data-scrolled",scrollY>${headerScroll.thresholdPx})};` +
  `addEventListener("scroll",function(){t||(t=setTimeout(u,${headerScroll.throttleMs}))},{passive:true});` +
  `addEventListener("pageshow",u)}}catch(e){}`;

/**
 * A button in a dialog that opens another by itself (`commandfor`, as Login's Register and
 * Forgotten Password? do) and names the dialog it replaces (`data-closes`): before the page's code
 * has run, the browser opens the new dialog and this closes the old one once that is painted, as
 * the code does once it has (dialog-store.ts `switch`). Without it, Register opened before the code
 * left Login open beneath it.
 */
const DIALOG_GATE =
  `addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-closes]");` +
  `if(!b||document.documentElement.dataset.hydrated)return;var c=document.getElementById(b.dataset.closes);` +
  `requestAnimationFrame(function(){setTimeout(function(){c&&c.open&&c.close()},0)})},true);`;

/**
 * The gates run once, from the page the prerender wrote, before any code; the browser's render of
 * the layout only hydrates that script and never runs it again, so its code leaves the text out
 * (suppressHydrationWarning: React keeps the served script as it is).
 */
const GATES = import.meta.env.SSR ? FONT_GATE + HEADER_GATE + DIALOG_GATE : '';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: GATES }} />
        <EarlyStylesheets />
        <meta name="theme-color" content={THEME_COLOUR} />
        <meta name={BUILD_META_NAME} content={BUILD_ID} />
        <meta name="ferrybox-version" content={SITE_VERSION} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <Frame>{children}</Frame>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Page views for the tag manager (after consent) on every navigation. The consent and tracking
 * code loads after the page is interactive, and only on a build with tracking.
 */
function usePageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Marks the page as interactive (the browser tests wait for it).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    if (!TRACKING_CONFIGURED) return;
    void import('./lib/analytics').then((analytics) => {
      analytics.initConsent();
      analytics.trackPageView();
    });
  }, [pathname, search]);
}

/**
 * A page drawn in the fallback fonts (FONT_GATE) stays so; the pages after it in this tab (a
 * navigation in the app, or a page loaded anew once FONT_GATE has fetched the font) are drawn in
 * the web font.
 */
function useWebFont() {
  const { pathname } = useLocation();
  const firstPage = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPage.current) delete document.documentElement.dataset.font;
  }, [pathname]);
}

/** Drawn again only for what they read themselves, like the frame's parts (site-layout.tsx). */
const Dialogs = memo(AccountDialogs);

function Shell({ children }: { children: ReactNode }) {
  usePageViews();
  return (
    <PrefetchProvider>
      <SiteLayout>{children}</SiteLayout>
      {/* In the page's HTML: Login and Forgotten Password open before the code loads. */}
      <Dialogs />
    </PrefetchProvider>
  );
}

const isBackOffice = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
const noSubscription = () => () => {};

/**
 * The site's frame around whatever the root renders (the screen, the fallback before a screen's
 * data has loaded, an error). It lives in the Layout, so it stays mounted when the fallback gives
 * way to the screen: an account menu or a dialog opened meanwhile stays open, with its focus and
 * what was typed (decision 0029). The back office draws its own frame (routes/admin.tsx) and gets
 * none of the public header, footer or dialogs: its page was prerendered as the SPA fallback (the
 * site's frame around "Loading…"), which hydration matches first; its own screens mount once,
 * after, so no press on them is lost to a remount.
 */
function Frame({ children }: { children: ReactNode }) {
  if (!isBackOffice(useLocation().pathname)) return <Shell>{children}</Shell>;
  return <BackOfficeFrame>{children}</BackOfficeFrame>;
}

/**
 * The back office's page until hydrated: the SPA fallback as prerendered. Only here is the page
 * told of its hydration, so a customer page is not drawn again when it hydrates.
 */
function BackOfficeFrame({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? (
    children
  ) : (
    <Shell>
      <HydrateFallback />
    </Shell>
  );
}

export default function App() {
  // The back office too is drawn in the fallback fonts until the web font is fetched.
  useWebFont();
  return <Outlet />;
}

/**
 * The app screens' page before their code has run (the SPA fallback): the layout, and a main
 * area a screen tall, so the footer stays below the fold and does not jump when the screen
 * renders. "Loading" shows only if that takes a while.
 */
export function HydrateFallback() {
  return (
    <div className="page-pending">
      <p role="status">Loading…</p>
    </div>
  );
}

export function ErrorBoundary() {
  useWebFont();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <title>{pageTitle(notFound ? 'Page not found' : 'Something went wrong')}</title>
      <meta name="robots" content="noindex" />
      <Suspense fallback={<div className="page-pending" />}>
        {notFound ? (
          <NotFound />
        ) : (
          <NotFound
            heading="Something went wrong"
            message="Sorry, this page could not be shown. Please reload the page or try again in a moment."
          />
        )}
      </Suspense>
    </>
  );
}
