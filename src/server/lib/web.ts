import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';

const SPA_FALLBACK = '__spa-fallback.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The Content-Security-Policy of one HTML page: scripts only from our origin plus the exact
 * inline scripts React Router wrote into that page (by hash), styles from our origin and the
 * inline styles the UI library injects.
 */
export function pageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built site (build/client): hashed assets cached for a year, HTML and page data
 * revalidated on every visit, `/faqs` redirected to `/faqs/`, and the SPA fallback for the
 * browser-rendered routes. Never the fallback for /public/* or /api/* (see lib/errors.ts).
 */
export async function createWeb(config: Config) {
  const root = config.webRoot;
  const cspCache = new Map<string, { mtimeMs: number; csp: string }>();
  const cspFor = (file: string, stat: fs.Stats) => {
    const hit = cspCache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit.csp;
    const csp = pageCsp(fs.readFileSync(file, 'utf8'));
    cspCache.set(file, { mtimeMs: stat.mtimeMs, csp });
    return csp;
  };

  const routes: FastifyPluginAsync = async (app) => {
    await app.register(fastifyStatic, {
      root,
      redirect: true,
      index: ['index.html'],
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply, filePath, stat) => {
        const rel = path.relative(root, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', IMMUTABLE);
        } else {
          reply.header('Cache-Control', REVALIDATE);
        }
        if (filePath.endsWith('.html')) {
          reply.header('Content-Security-Policy', cspFor(filePath, stat));
        }
      },
    });
    // Pages prerendered without a trailing slash (`/terms-and-conditions`, `/x-{id}`) have their
    // data file beside their folder (`x-1.data`); serve them at that address instead of
    // redirecting to the folder.
    for (const route of pathsWithoutTrailingSlash(root)) {
      app.get(route, (_request, reply) => reply.sendFile(`${route.slice(1)}/index.html`));
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
    const stat = fs.statSync(fallbackFile);
    return reply
      .status(200)
      .header('Cache-Control', REVALIDATE)
      .header('Content-Security-Policy', cspFor(fallbackFile, stat))
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(fallbackFile));
  };

  return { routes, fallback };
}

function pathsWithoutTrailingSlash(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => name.endsWith('.data') && name !== '_.data')
    .map((name) => name.slice(0, -'.data'.length))
    .filter((name) => fs.existsSync(path.join(root, name, 'index.html')))
    .map((name) => `/${name}`);
}
