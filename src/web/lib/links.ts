/** What a click on a link should do (docs/requirements.md §2, catchLinks). */
export type LinkAction =
  { kind: 'browser' } | { kind: 'internal'; to: string } | { kind: 'new-tab'; href: string };

export interface LinkClick {
  href: string | null;
  target: string | null;
  download: boolean;
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
}

/** Same-site paths that are files or API calls, not pages: the browser loads them itself. */
const NOT_A_PAGE = /^\/(?:public|api|assets)(?:\/|$)|\.[a-z0-9]{2,5}$/i;

/**
 * Decides how a click on `<a href>` is handled: same-site page links navigate inside the app,
 * links to other sites open in a new tab, anything else (modified clicks, downloads, explicit
 * targets, mail and phone links, files) is left to the browser.
 */
export function linkAction(click: LinkClick, current: URL): LinkAction {
  if (click.defaultPrevented || click.button !== 0 || click.modified || click.download) {
    return { kind: 'browser' };
  }
  if (!click.href) return { kind: 'browser' };
  let url: URL;
  try {
    url = new URL(click.href, current);
  } catch {
    return { kind: 'browser' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'browser' };
  if (url.origin !== current.origin) {
    return click.target ? { kind: 'browser' } : { kind: 'new-tab', href: url.href };
  }
  if ((click.target && click.target !== '_self') || NOT_A_PAGE.test(url.pathname)) {
    return { kind: 'browser' };
  }
  return { kind: 'internal', to: url.pathname + url.search + url.hash };
}

/** True for an absolute link to another site. */
export const isExternalHref = (href: string) => /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href);
