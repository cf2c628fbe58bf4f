import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { withNoticeBanner } from '../../shared/notice';
import type { Product } from '../../shared/api/catalogue';
import type { Promotion } from '../../shared/api/promotions';
import { withPromotion } from '../../shared/promotions';
import { withPriceBands } from '../../shared/price-bands';
import { withBookByDates, type BookByLine } from '../../shared/book-by-dates';
import { access } from './auth';
import { withContactLines } from '../../shared/contact';
import { withReceivingHours } from '../../shared/receiving-hours';
import { withSocialLinks } from '../../shared/social-links';
import type { SettingsMap } from '../../shared/settings';
import { appPathMatcher, type AppPathMatcher } from '../../shared/site-paths';
import type { Config } from '../config';

const SPA_FALLBACK = '__spa-fallback.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * Page data (`*.data`): fresh for a minute, so that data prefetched when a link came into view
 * is used when it is clicked (browsers revalidate a `no-cache` prefetch, losing its benefit).
 * A tab meeting data from another build reloads the page (docs/requirements.md §8, INVALID_HASH).
 */
const PAGE_DATA = 'public, max-age=60';

/** Extra sources a build's pages may use (build/site.json: third parties loaded after consent). */
export interface ThirdPartySources {
  'script-src'?: string[];
  'connect-src'?: string[];
  'img-src'?: string[];
}

/**
 * The Content-Security-Policy of one HTML page: scripts only from our origin plus the exact
 * inline scripts React Router wrote into that page (by hash), styles from our origin and the
 * inline styles the UI library injects, fonts from our origin only. A build configured with a tag
 * manager or a marketing script (see src/web/lib/site-config.server.ts) adds their hosts, and
 * only then.
 */
export function pageCsp(html: string, extra: ThirdPartySources = {}): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  const list = (...sources: (string | undefined)[]) =>
    [...new Set(sources.filter((x): x is string => !!x))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...hashes, ...(extra['script-src'] ?? []))}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', ...(extra['img-src'] ?? []))}`,
    "font-src 'self'",
    `connect-src ${list("'self'", ...(extra['connect-src'] ?? []))}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface SiteJson {
  csp?: ThirdPartySources;
  appRoutes?: string[];
  promotions?: string[];
}

/** What the build in `webRoot` says about itself (its `../site.json`), or nothing. */
function readSiteJson(webRoot: string): SiteJson {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '..', 'site.json'), 'utf8')) as SiteJson;
  } catch {
    return {};
  }
}

/** The discount codes the pages of the build in `webRoot` promote (src/shared/api/promotions.ts). */
export function promotedCodes(webRoot: string): string[] {
  return readSiteJson(webRoot).promotions ?? [];
}

/** The third-party sources of the build in `webRoot` (its `../site.json`), or none. */
export function readThirdPartySources(webRoot: string): ThirdPartySources {
  return readSiteJson(webRoot).csp ?? {};
}

/**
 * A page with what the layout shows from the settings: the notice banner, customer care's contact
 * details, the depot's receiving hours and the social links (with no settings: the required hours).
 */
function withLayoutSettings(html: string, settings: SettingsMap): string {
  const page = withContactLines(
    withNoticeBanner(html, settings.Site?.NoticeBanner),
    settings.Contact,
  );
  return withSocialLinks(
    withReceivingHours(page, settings.Depot?.ReceivingHours),
    settings.Social?.Links,
  );
}

/** A response body as text: a string, a buffer or a stream (a file @fastify/static sends). */
async function bodyText(payload: unknown): Promise<string | null> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload && typeof (payload as Readable)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  return null;
}

export interface WebOptions {
  /** The current site settings: what the layout shows from them (withLayoutSettings). */
  settings?: () => Promise<SettingsMap>;
  /** Where a promoted discount code stands now: a promotion page's offer comes from it. */
  promotion?: (code: string) => Promise<Promotion | null>;
  /** The price bands a content page lists (shared/price-bands.ts). */
  priceBands?: () => Promise<readonly Product[]>;
  /** The islands' last days for Christmas a content page lists (shared/book-by-dates.ts). */
  christmasDates?: () => Promise<readonly BookByLine[]>;
}

/**
 * Serves the built site (build/client): hashed assets cached for a year, HTML and page data
 * revalidated on every visit, `/faqs` redirected to `/faqs/`, and the SPA fallback for the
 * browser-rendered routes. Never the fallback for /public/* or /api/* (see lib/errors.ts).
 *
 * `pageHook` (an onSend hook of the app) writes what the layout shows from the settings (the
 * notice banner, contact details, receiving hours, social links) and a promotion's offer and the
 * price bands into every HTML page, so that they are there at the first paint instead of arriving
 * (and pushing the page down) with the page's code, and gives the page an ETag of what is sent.
 */
export async function createWeb(config: Config, options: WebOptions = {}) {
  const root = config.webRoot;
  // Cached per file until it changes (a new build may be copied in while the server runs).
  const cspCache = new Map<string, { version: string; csp: string }>();
  const siteFile = path.join(root, '..', 'site.json');
  // The screens of the build being served, read again when a new build's site.json arrives.
  let screens: { version: string; matcher: AppPathMatcher } | undefined;
  const appPaths = () => {
    const site = fs.statSync(siteFile, { throwIfNoEntry: false });
    const version = `${site?.mtimeMs ?? 0}:${site?.size ?? 0}`;
    if (screens?.version !== version) {
      screens = { version, matcher: appPathMatcher(readSiteJson(root).appRoutes ?? []) };
    }
    return screens.matcher;
  };
  const cspFor = (file: string, stat: fs.Stats) => {
    const site = fs.statSync(siteFile, { throwIfNoEntry: false });
    const version = `${stat.mtimeMs}:${stat.size}:${site?.mtimeMs ?? 0}:${site?.size ?? 0}`;
    const hit = cspCache.get(file);
    if (hit && hit.version === version) return hit.csp;
    const csp = pageCsp(fs.readFileSync(file, 'utf8'), readThirdPartySources(root));
    cspCache.set(file, { version, csp });
    return csp;
  };

  // The page file each reply of @fastify/static sends: its answer to HEAD has no body, and
  // pageHook reads the page from here to describe what a GET would send.
  const pageFiles = new WeakMap<FastifyReply, string>();

  const routes: FastifyPluginAsync = async (app) => {
    // The built site is open to all (lib/auth.ts RouteAccess).
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, ...access('anonymous') };
    });
    await app.register(fastifyStatic, {
      root,
      redirect: true,
      index: ['index.html'],
      dotfiles: 'ignore',
      cacheControl: false,
      // The build writes .br and .gz copies of the assets (src/server/lib/build.ts).
      preCompressed: true,
      setHeaders: (reply, filePath, stat) => {
        const rel = path.relative(root, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', IMMUTABLE);
        } else if (rel.endsWith('.data')) {
          reply.header('Cache-Control', PAGE_DATA);
        } else {
          reply.header('Cache-Control', REVALIDATE);
        }
        if (filePath.endsWith('.html')) {
          reply.header('Content-Security-Policy', cspFor(filePath, stat));
          pageFiles.set(reply, filePath);
        }
      },
    });
    // Pages prerendered without a trailing slash (`/terms-and-conditions`, `/x-{id}`) have their
    // data file beside their folder (`x-1.data`); serve them at that address instead of
    // redirecting to the folder.
    // Their address with a slash is the other form of the same page (docs/decisions/0033).
    for (const route of pathsWithoutTrailingSlash(root)) {
      app.get(route, (_request, reply) => reply.sendFile(`${route.slice(1)}/index.html`));
      app.get(`${route}/`, (request, reply) => reply.redirect(route + queryOf(request.url), 301));
    }
  };

  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const lastSegment = pathname.split('/').pop() ?? '';
    const fallbackFile = path.join(root, SPA_FALLBACK);
    // A missing file (an old asset, page data, an image) is a plain 404, never the app shell.
    if (/\.[a-z0-9]+$/i.test(lastSegment) || !fs.existsSync(fallbackFile)) {
      return reply
        .status(404)
        .header('Cache-Control', REVALIDATE)
        .type('text/plain')
        .send(
          fs.existsSync(fallbackFile)
            ? 'Not found'
            : 'The site has not been built: run npm run build.',
        );
    }
    // A screen drawn in the browser gets the app shell at its one address (the other form of the
    // address is redirected there). Any other path is not a page: a 404 with the same shell, in
    // which the browser draws the not-found page naming the path (the prerendered /404/ page
    // cannot be taken over by the browser at another address: React finds another page there).
    const canonical = appPaths().canonical(pathname);
    if (canonical !== null && canonical !== pathname) {
      return reply.redirect(canonical + queryOf(request.url), 301);
    }
    return reply
      .status(canonical === null ? 404 : 200)
      .header('Cache-Control', REVALIDATE)
      .header('Content-Security-Policy', cspFor(fallbackFile, fs.statSync(fallbackFile)))
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(fallbackFile));
  };

  const pageHook = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const type = reply.getHeader('content-type');
    const found = reply.statusCode === 200;
    if ((!found && reply.statusCode !== 404) || typeof type !== 'string') return payload;
    if (!type.startsWith('text/html')) return payload;
    // HEAD describes the page a GET sends (its length, ETag and encoding): the same body goes on
    // through the hooks, and Node sends none of it.
    const file = request.method === 'HEAD' ? pageFiles.get(reply) : undefined;
    if (file) (payload as Partial<Readable> | null)?.destroy?.();
    const html = file ? await fs.promises.readFile(file, 'utf8') : await bodyText(payload);
    if (html === null) return payload;
    // What the server writes into the page: what cannot be read now is left out (and logged), and
    // the browser reads it itself; the page works without it.
    const orLeftOut = async <T>(read: () => Promise<T | null> | undefined, leftOut: string) => {
      try {
        return (await read()) ?? undefined;
      } catch (error) {
        request.log.warn({ err: error }, leftOut);
        return undefined;
      }
    };
    const settings: SettingsMap =
      (await orLeftOut(
        () => options.settings?.(),
        'notice banner, contact details, receiving hours and social links left out: no settings',
      )) ?? {};
    const promoted = await withPromotion(withLayoutSettings(html, settings), (code) =>
      orLeftOut(() => options.promotion?.(code), 'promotion left out: its code could not be read'),
    );
    const priced = await withPriceBands(promoted, () =>
      orLeftOut(
        () => options.priceBands?.(),
        'price bands left out: the catalogue could not be read',
      ),
    );
    const body = await withBookByDates(priced, () =>
      orLeftOut(
        () => options.christmasDates?.(),
        'last days for Christmas left out: the timetable could not be read',
      ),
    );
    reply.removeHeader('content-length');
    reply.removeHeader('last-modified');
    if (!found) return body;
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) {
      reply.code(304);
      return '';
    }
    return body;
  };

  return { routes, fallback, pageHook };
}

/** The query string of a URL with its `?`, or nothing. */
const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

function pathsWithoutTrailingSlash(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => name.endsWith('.data') && name !== '_.data')
    .map((name) => name.slice(0, -'.data'.length))
    .filter((name) => fs.existsSync(path.join(root, name, 'index.html')))
    .map((name) => `/${name}`);
}
