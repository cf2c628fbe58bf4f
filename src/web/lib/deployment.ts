// How a tab still running an older build recovers after a new deployment (docs/requirements.md §2
// and §8): it loads the page it was going to in full, from the server, instead of breaking.
import {
  data,
  isRouteErrorResponse,
  type ClientInstrumentation,
  type DataStrategyResult,
  type MiddlewareFunction,
} from 'react-router';
import { BUILD_META_NAME, PAGE_DATA_ROUTES, PageDataError, validatePageData } from './page-data';

/** The build hash of the document showing (its meta tag), or null outside a browser. */
function documentBuildHash(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`meta[name="${BUILD_META_NAME}"]`)?.getAttribute('content') ?? null;
}

/** A full page load of `href`; the promise never settles, as the page is going away. */
function hardNavigate(href: string): Promise<never> {
  window.location.assign(href);
  return new Promise<never>(() => {});
}

/** The navigation in progress (from the router's instrumentation): where it is going. */
let pending: { to: string } | null = null;

/** Records where each in-app navigation is going, for the recoveries below. */
export const navigationTracking: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      navigate: async (run, { to }) => {
        const mine = typeof to === 'string' ? { to: new URL(to, window.location.href).href } : null;
        pending = mine;
        try {
          await run();
        } finally {
          if (pending === mine) pending = null;
        }
      },
    });
  },
};

const samePage = (a: URL, b: URL) => a.pathname === b.pathname && a.search === b.search;

/** The full address a navigation to `requestUrl` is heading for (hash included when known). */
function fullTarget(requestUrl: URL): string {
  if (pending) {
    const to = new URL(pending.to);
    if (samePage(to, requestUrl)) return to.href;
  }
  return requestUrl.href;
}

/**
 * Root client middleware, run around every navigation's data loading. Page data from another
 * build (INVALID_HASH), or a load that failed with a response other than 404, leads to a full
 * page load of the address being navigated to, when it differs from the current location.
 */
export const pageLoadGuard: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  const target = new URL(request.url);
  if (request.method !== 'GET') return results;
  if (samePage(target, new URL(window.location.href))) {
    // Loading the page the document is showing: this is the app shell (SPA fallback) hydrating,
    // as the server had no prerendered page for this address. For a content route that means
    // the page does not exist: the not-found page, naming the path (docs/requirements.md §2).
    for (const [routeId, outcome] of Object.entries(results)) {
      if (
        PAGE_DATA_ROUTES.has(routeId) &&
        outcome.type === 'error' &&
        !isRouteErrorResponse(outcome.result)
      ) {
        results[routeId] = { type: 'error', result: data('Not found', { status: 404 }) };
      }
    }
    return results;
  }
  const expected = documentBuildHash();
  for (const [routeId, outcome] of Object.entries(results)) {
    if (outcome.type === 'data' && PAGE_DATA_ROUTES.has(routeId) && expected) {
      try {
        validatePageData(outcome.result, expected);
      } catch (error) {
        if (error instanceof PageDataError && error.code === 'INVALID_HASH') {
          return hardNavigate(fullTarget(target));
        }
        throw error;
      }
    }
    if (
      outcome.type === 'error' &&
      isRouteErrorResponse(outcome.result) &&
      outcome.result.status !== 404
    ) {
      return hardNavigate(fullTarget(target));
    }
  }
  return results;
};

// When a route's code cannot be loaded (its file is gone after a deployment) React Router
// reloads the current page. The navigation that was under way is noted as the page goes, and
// the reloaded page continues to it.
const INTERRUPTED_KEY = 'ferrybox:interrupted-navigation';
const RESUME_WITHIN_MS = 15_000;

export interface InterruptedNavigation {
  from: string;
  to: string;
  at: number;
}

/** Where to continue after a reload, or null: only straight after leaving `from` for `to`. */
export function resumeTarget(
  record: InterruptedNavigation | null,
  currentHref: string,
  now: number,
): string | null {
  if (!record || record.from !== currentHref || record.to === currentHref) return null;
  if (now - record.at < 0 || now - record.at > RESUME_WITHIN_MS) return null;
  const from = new URL(record.from);
  const to = new URL(record.to);
  return from.origin === to.origin ? to.href : null;
}

function readInterrupted(): InterruptedNavigation | null {
  try {
    const raw = sessionStorage.getItem(INTERRUPTED_KEY);
    sessionStorage.removeItem(INTERRUPTED_KEY);
    return raw ? (JSON.parse(raw) as InterruptedNavigation) : null;
  } catch {
    return null;
  }
}

/**
 * Called first thing in the browser. Continues a navigation that a reload interrupted (returns
 * true: the page is being replaced), and from now on notes any navigation under way when the
 * page goes.
 */
export function recoverInterruptedNavigation(): boolean {
  const target = resumeTarget(readInterrupted(), window.location.href, Date.now());
  if (target) {
    window.location.replace(target);
    return true;
  }
  window.addEventListener('pagehide', () => {
    if (!pending || pending.to === window.location.href) return;
    try {
      const record: InterruptedNavigation = {
        from: window.location.href,
        to: pending.to,
        at: Date.now(),
      };
      sessionStorage.setItem(INTERRUPTED_KEY, JSON.stringify(record));
    } catch {
      // Storage full or blocked: the reload simply stays on the current page.
    }
  });
  return false;
}

const CHUNK_RELOAD_KEY = 'ferrybox:chunk-reload';

/**
 * A lazily loaded part of a page failed to load. If the server answered (the file is gone after
 * a deployment), load the page afresh, once: returns true when a reload is under way.
 */
export function reloadForMissingChunk(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (now - last < RESUME_WITHIN_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
