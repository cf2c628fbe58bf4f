// The built site as the server serves it (src/server/lib/web.ts): per-page CSP, the tag
// manager's hosts only when the build has one, caching, sitemap.xml and robots.txt.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Config } from '../../src/server/config';
import { registerErrorHandling } from '../../src/server/lib/errors';
import { createWeb, pageCsp, readThirdPartySources } from '../../src/server/lib/web';
import { precompressAssets } from '../../src/server/lib/build';
import {
  robotsTxt,
  siteBuildConfig,
  siteJson,
  sitemapXml,
} from '../../src/web/lib/site-config.server';

const INLINE = 'window.__reactRouterContext = {};';
const BIG_SCRIPT = `export const parcels = [${'"band",'.repeat(2000)}];`;
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><script>${INLINE}</script>` +
  `<script type="module" src="/assets/entry.js"></script></body></html>`;

let dir: string;
let client: string;
let app: FastifyInstance;

function writeSiteJson(env: Record<string, string>) {
  fs.writeFileSync(
    path.join(dir, 'site.json'),
    JSON.stringify(
      siteJson(siteBuildConfig(env), 'build-1', {
        appRoutes: [
          '/basket',
          '/dashboard',
          '/dashboard/orders',
          '/dashboard/orders/:id',
          '/order/:id',
        ],
      }),
    ),
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-web-'));
  client = path.join(dir, 'client');
  const files: Record<string, string> = {
    'index.html': page('Home - Ferrybox'),
    'faqs/index.html': page('FAQs - Ferrybox'),
    'faqs/_.data': '[]',
    'terms-and-conditions/index.html': page('Terms and conditions - Ferrybox'),
    'terms-and-conditions.data': '[]',
    '__spa-fallback.html': page('Ferrybox'),
    'assets/entry.js': 'export {};',
    'assets/framework.js': BIG_SCRIPT,
    'sitemap.xml': sitemapXml('https://ferrybox.je', ['/', '/faqs/']),
    'robots.txt': robotsTxt('https://ferrybox.je'),
  };
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(client, name)), { recursive: true });
    fs.writeFileSync(path.join(client, name), body);
  }
  writeSiteJson({});
  precompressAssets(path.join(client, 'assets'));
  app = Fastify();
  const web = await createWeb({ webRoot: client } as Config);
  registerErrorHandling(app, web.fallback);
  await app.register(web.routes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('Content-Security-Policy of the pages', () => {
  test('scripts from our origin and the page’s own inline scripts by hash; fonts ours only', async () => {
    const res = await app.inject('/faqs/');
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBe(pageCsp(page('FAQs - Ferrybox')));
    expect(directive(csp, 'script-src')).toHaveLength(2);
    expect(directive(csp, 'script-src')[1]).toMatch(/^'sha256-/);
    expect(directive(csp, 'font-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('googletagmanager');
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });

  test('a build with a tag manager and a marketing script allows their hosts, and only then', async () => {
    writeSiteJson({ GTM_ID: 'GTM-TEST01', MARKETING_SCRIPT_URL: 'https://ads.example.com/p.js' });
    const csp = (await app.inject('/faqs/')).headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining(['https://www.googletagmanager.com', 'https://ads.example.com']),
    );
    expect(directive(csp, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(csp, 'img-src')).toContain('https://www.googletagmanager.com');
    expect(directive(csp, 'font-src')).toEqual(["'self'"]);
    // The SPA fallback follows the same build.
    const fallback = await app.inject('/order/');
    expect(fallback.headers['content-security-policy']).toContain('googletagmanager');

    writeSiteJson({});
    const again = (await app.inject('/faqs/')).headers['content-security-policy'] as string;
    expect(again).not.toContain('googletagmanager');
    expect(readThirdPartySources(client)).toEqual({
      'script-src': [],
      'connect-src': [],
      'img-src': [],
    });
  });

  test('a page replaced by a new build gets a new policy', async () => {
    const file = path.join(client, 'faqs/index.html');
    const before = (await app.inject('/faqs/')).headers['content-security-policy'];
    fs.writeFileSync(file, page('FAQs - Ferrybox').replace(INLINE, `${INLINE} /* new build */`));
    const after = (await app.inject('/faqs/')).headers['content-security-policy'];
    expect(after).not.toBe(before);
    fs.writeFileSync(file, page('FAQs - Ferrybox'));
  });

  test('without site.json (an older build) there are no third-party sources', () => {
    expect(readThirdPartySources(path.join(os.tmpdir(), 'no-such-build', 'client'))).toEqual({});
  });
});

describe('serving the site', () => {
  test('sitemap.xml and robots.txt are served from the build', async () => {
    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain('<loc>https://ferrybox.je/faqs/</loc>');
    const robots = await app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: https://ferrybox.je/sitemap.xml');
  });

  test('static paths take a trailing slash; terms-and-conditions is served without one', async () => {
    const faqs = await app.inject('/faqs?from=mail');
    expect(faqs.statusCode).toBe(301);
    expect(faqs.headers.location).toBe('/faqs/?from=mail');
    const terms = await app.inject('/terms-and-conditions');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('Terms and conditions - Ferrybox');
    const slashed = await app.inject('/terms-and-conditions/?a=1');
    expect(slashed.statusCode).toBe(301);
    expect(slashed.headers.location).toBe('/terms-and-conditions?a=1');
  });

  test('app screens have one address by the same rule: the other form answers 301 to it', async () => {
    for (const [url, to] of [
      ['/basket', '/basket/'],
      ['/basket?step=2', '/basket/?step=2'],
      ['/dashboard', '/dashboard/'],
      ['/dashboard/orders', '/dashboard/orders/'],
      ['/dashboard/orders/12/', '/dashboard/orders/12'],
      ['/order/7/?x=1', '/order/7?x=1'],
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(to);
    }
    for (const url of ['/basket/', '/dashboard/orders/', '/dashboard/orders/12', '/order/7']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Ferrybox</title>');
    }
  });

  test('pages revalidate, page data keeps a minute, hashed assets are immutable; a missing asset is a 404', async () => {
    expect((await app.inject('/faqs/')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/faqs/_.data')).headers['cache-control']).toBe('public, max-age=60');
    expect((await app.inject('/terms-and-conditions.data')).headers['cache-control']).toBe(
      'public, max-age=60',
    );
    expect((await app.inject('/assets/entry.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const gone = await app.inject('/assets/content-page-OLD.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/plain/);
  });

  test('assets go out compressed at build time: brotli or gzip as the browser accepts, else as they are', async () => {
    // Only files worth it: a tiny one has no compressed copies.
    expect(fs.existsSync(path.join(client, 'assets/entry.js.br'))).toBe(false);
    const br = await app.inject({
      url: '/assets/framework.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);
    const gz = await app.inject({
      url: '/assets/framework.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject({ url: '/assets/framework.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a browser-rendered route gets the app shell', async () => {
    const res = await app.inject('/order/5');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
  });

  test('a path that is no page answers 404 with the shell that draws the not-found page', async () => {
    for (const url of [
      '/no-such-page/',
      '/no-such-page',
      '/x/y/z',
      '/order/abc',
      '/basket/extra/',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
        if (method === 'GET') expect(res.body).toContain('<title>Ferrybox</title>');
      }
    }
  });
});
