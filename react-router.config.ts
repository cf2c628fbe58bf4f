import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { contentRoutePaths, promotedCodes, sitemapPaths } from './src/web/lib/content.server';
import { robotsTxt, siteBuildConfig, siteJson, sitemapXml } from './src/web/lib/site-config.server';
import { appRoutePatterns } from './src/shared/site-paths';
import { STORAGE_KEYS } from './src/web/lib/storage';
import { deferHydrationOf, precompressAssets, sourceHash } from './src/server/lib/build';

// WEB_BUILD_DIR builds elsewhere than build/ (the browser tests build a second deployment).
const buildDirectory = process.env.WEB_BUILD_DIR || 'build';
/** App screens prerendered too: the first booking screen (src/web/routes.ts). */
const APP_PAGES = ['/order/', '/calculator/'];

// Content pages are prerendered to static HTML (and their data to static files) at build time,
// and so is the first booking screen (/order/, /calculator/); the other ordering, basket,
// checkout and account screens render in the browser from the SPA fallback.
export default {
  appDirectory: 'src/web',
  buildDirectory,
  ssr: false,
  // The content pages, and the size step of a new booking (its page paints before its code).
  prerender: async () => [...contentRoutePaths(), ...APP_PAGES],
  future: { v8_trailingSlashAwareDataRequests: true, v8_middleware: true },
  // sitemap.xml and robots.txt from the content; site.json tells the server about this build;
  // compressed copies of the assets for the server to send.
  buildEnd({ reactRouterConfig }) {
    const site = siteBuildConfig();
    const client = path.join(buildDirectory, 'client');
    precompressAssets(path.join(client, 'assets'));
    // The content pages paint before their code loads (issue 16), and load it when the visitor
    // reaches for the page, or at once when the header must show a stored session or basket, or
    // the cookie banner must ask (docs/decisions/0029); the booking's first screen needs its code
    // to be used, so it keeps loading it at once.
    const tracking = Boolean(site.gtmId || site.marketingScriptUrl);
    deferHydrationOf(
      client,
      contentRoutePaths(),
      tracking ? 'always' : [STORAGE_KEYS.accessToken, STORAGE_KEYS.userData, STORAGE_KEYS.basket],
    );
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
