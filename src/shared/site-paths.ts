/**
 * The one trailing-slash rule of the site (docs/decisions/0033): a path that ends in an id or a
 * token (`/order/12`, `/dashboard/orders/12`, `/reset-password/{token}`, `/x-1`) has no
 * trailing slash, and every other path ends in one (`/basket/`, `/dashboard/orders/`). The one
 * exception, `/terms-and-conditions`, is a content page served as it is linked (the build
 * prerenders it at that address). The other form of a path answers 301 to this one.
 *
 * The app screens' patterns come from the route config (`/order/:id`, `/basket`), written into
 * the build's site.json; a parameter named `id` is digits only, as every screen with an id
 * checks (src/web/lib/route-params.ts), so `/order/abc` is no screen and answers 404.
 */

export interface AppPathMatcher {
  /**
   * The address of the screen `pathname` names: itself when it is written by the rule, the
   * other form when only the slash is wrong, or null when no screen has this path.
   */
  canonical(pathname: string): string | null;
}

const segmentPattern = (segment: string) => {
  if (segment === ':id') return '\\d+';
  if (segment.startsWith(':')) return '[^/]+';
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
};

/** Whether a path pattern ends in a parameter, and so is written without a trailing slash. */
const endsInParameter = (pattern: string) => /\/:[^/]+$/.test(pattern);

/** The matcher for the given route patterns (each from the root: `/dashboard/orders/:id`). */
export function appPathMatcher(patterns: readonly string[]): AppPathMatcher {
  const routes = patterns.map((pattern) => {
    const trimmed = pattern.replace(/\/+$/, '');
    const body = trimmed.split('/').slice(1).map(segmentPattern).join('/');
    return { regex: new RegExp(`^/${body}(/?)$`), slash: !endsInParameter(trimmed) };
  });
  return {
    canonical(pathname) {
      for (const { regex, slash } of routes) {
        const match = regex.exec(pathname);
        if (!match) continue;
        const bare = match[1] ? pathname.slice(0, -1) : pathname;
        return slash ? `${bare}/` : bare;
      }
      return null;
    },
  };
}

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
}

/**
 * The URL patterns of the screens rendered in the browser, from React Router's route manifest
 * (build time): each route's path joined to its parents'. Left out: the content routes (`:slug`,
 * prerendered, so served as files or not at all), the catch-all and the not-found page.
 */
export function appRoutePatterns(routes: Record<string, RouteEntry | undefined>): string[] {
  const fullPath = (entry: RouteEntry): string => {
    const parent = entry.parentId ? routes[entry.parentId] : undefined;
    const above = parent ? fullPath(parent) : '';
    return entry.path ? `${above.replace(/\/$/, '')}/${entry.path}` : above;
  };
  const patterns = Object.values(routes)
    .filter((entry): entry is RouteEntry => !!entry?.path)
    .map(fullPath)
    .filter((p) => !p.includes('*') && !p.includes(':slug') && p !== '/404');
  return [...new Set(patterns)].sort();
}
