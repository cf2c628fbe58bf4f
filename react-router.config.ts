import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { contentRoutePaths, promotedCodes, sitemapPaths } from './src/web/lib/content.server';
import { robotsTxt, siteBuildConfig, siteJson, sitemapXml } from './src/web/lib/site-config.server';
import { appRoutePatterns } from './src/shared/site-paths';
import { deferHydrationOf, precompressAssets, sourceHash } from './src/server/lib/build';

// WEB_BUILD_DIR builds elsewhere than build/ (the browser tests build a second deployment).
const buildDirectory = process.env.WEB_BUILD_DIR || 'build';
/** App screens prerendered too: the first booking screen (src/web/routes.ts). */
const APP_PAGES = ['/order/', '/calculator/'];

/**
 * The customer's other screens with a fixed address (the basket, the checkout, My Account and
 * its lists, the quote, the payment outcome pages) are prerendered as their shell: the layout
 * and "Loading…", as the SPA fallback draws, but naming the screen's own code and stylesheets.
 * From the fallback the browser finds them only once the framework has run and read the route
 * manifest, two round trips later, and the screen's data is asked for after that.
 * They hydrate at once, as the fallback does. The back office keeps the fallback.
 */
const screenShells = (staticPaths: string[], taken: string[]) =>
  staticPaths
    .map((p) => (p.endsWith('/') ? p : `${p}/`))
    .filter((p) => !taken.includes(p) && !/^\/(admin|dev)\//.test(p));

// Content pages are prerendered to static HTML (and their data to static files) at build time,
// and so is the first booking screen (/order/, /calculator/); the other customer screens with a
// fixed address get their shell prerendered (screenShells), and those with an id in their address
// (a booking's later steps, an order) render in the browser from the SPA fallback.
export default {
  appDirectory: 'src/web',
  buildDirectory,
  ssr: false,
  // The content pages, the size step of a new booking (its page paints before its code), and the
  // shells of the customer screens with a fixed address.
  prerender: async ({ getStaticPaths }) => {
    const pages = [...contentRoutePaths(), ...APP_PAGES];
    return [...pages, ...screenShells(getStaticPaths(), pages)];
  },
  // unstable_optimizeDeps: the dev server finds every dependency at start by crawling the routes,
  // rather than on a page's first use, when it reloads the page (and a Fast Refresh loses state).
  future: {
    v8_trailingSlashAwareDataRequests: true,
    v8_middleware: true,
    unstable_optimizeDeps: true,
  },
  // sitemap.xml and robots.txt from the content; site.json tells the server about this build;
  // compressed copies of the assets for the server to send.
  buildEnd({ reactRouterConfig }) {
    const site = siteBuildConfig();
    const client = path.join(buildDirectory, 'client');
    precompressAssets(path.join(client, 'assets'));
    // The prerendered pages paint before their code loads, and load it when the browser is idle
    // or the visitor reaches for the page (docs/decisions/0026): loaded at once, the
    // first booking screen's 16 scripts shared the network with its stylesheet and held its first
    // paint back (2.2 s in Lighthouse's slow 4G). A content page waits for a reach
    // unless the visitor has state for its code to draw, or the build has tracking to ask about
    // (the cookie banner is the code's): docs/decisions/0029.
    const tracking = !!(site.gtmId || site.marketingScriptUrl);
    deferHydrationOf(client, contentRoutePaths(), { untilReached: !tracking });
    deferHydrationOf(client, APP_PAGES);
    fs.writeFileSync(
      path.join(client, 'sitemap.xml'),
      sitemapXml(site.siteUrl, [...sitemapPaths(), ...APP_PAGES]),
    );
    fs.writeFileSync(path.join(client, 'robots.txt'), robotsTxt(site.siteUrl));
    fs.writeFileSync(
      path.join(buildDirectory, 'site.json'),
      JSON.stringify(
        siteJson(site, sourceHash().slice(0, 16), {
          appRoutes: appRoutePatterns(reactRouterConfig.routes),
          promotions: promotedCodes(),
        }),
        null,
        2,
      ) + '\n',
    );
  },
} satisfies Config;
