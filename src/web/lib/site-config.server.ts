// Build time only (vite.config.ts, react-router.config.ts): the site's build-time configuration,
// read from the environment and checked, and the files built from it (site.json, sitemap.xml,
// robots.txt). A bad value stops the build with a message naming the variable.

/** The tag manager's hosts, allowed by the Content-Security-Policy only when it is configured. */
const TAG_MANAGER_HOSTS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

export interface SiteBuildConfig {
  brand: string;
  /** The public address, no trailing slash: canonical URLs, Open Graph, the sitemap. */
  siteUrl: string;
  /** Google Tag Manager container id (`GTM-XXXX`), or '' when tracking is off. */
  gtmId: string;
  /** A marketing script (https URL) loaded after consent, or ''. */
  marketingScriptUrl: string;
}

export class SiteConfigError extends Error {}

/** Reads BRAND, PUBLIC_URL, GTM_ID and MARKETING_SCRIPT_URL (all optional). */
export function siteBuildConfig(
  env: Record<string, string | undefined> = process.env,
): SiteBuildConfig {
  const brand = env.BRAND || 'Ferrybox';
  const siteUrl = (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(siteUrl)) {
    throw new SiteConfigError(`PUBLIC_URL: must be an http(s) URL, got "${env.PUBLIC_URL}"`);
  }
  const gtmId = (env.GTM_ID ?? '').trim();
  if (gtmId && !/^GTM-[A-Z0-9]{4,12}$/.test(gtmId)) {
    throw new SiteConfigError(`GTM_ID: must look like GTM-XXXXXXX, got "${gtmId}"`);
  }
  const marketingScriptUrl = (env.MARKETING_SCRIPT_URL ?? '').trim();
  if (marketingScriptUrl && !/^https:\/\/[^/\s]+\/\S*$/.test(marketingScriptUrl)) {
    throw new SiteConfigError(
      `MARKETING_SCRIPT_URL: must be an https:// URL, got "${marketingScriptUrl}"`,
    );
  }
  return { brand, siteUrl, gtmId, marketingScriptUrl };
}

/** Extra Content-Security-Policy sources the built pages need (third parties after consent). */
export function thirdPartySources(config: SiteBuildConfig) {
  const sources = {
    'script-src': [] as string[],
    'connect-src': [] as string[],
    'img-src': [] as string[],
  };
  if (config.gtmId) {
    sources['script-src'].push(...TAG_MANAGER_HOSTS.script);
    sources['connect-src'].push(...TAG_MANAGER_HOSTS.connect);
    sources['img-src'].push(...TAG_MANAGER_HOSTS.img);
  }
  if (config.marketingScriptUrl) {
    const origin = new URL(config.marketingScriptUrl).origin;
    for (const list of Object.values(sources)) list.push(origin);
  }
  return sources;
}

/** `build/site.json`: what the server needs to know about the build it serves. */
export function siteJson(
  config: SiteBuildConfig,
  buildId: string,
  pages: { appRoutes?: string[]; promotions?: string[] } = {},
) {
  return {
    buildId,
    siteUrl: config.siteUrl,
    tracking: { tagManager: !!config.gtmId, marketingScript: !!config.marketingScriptUrl },
    csp: thirdPartySources(config),
    /** The browser-rendered screens' URL patterns (src/shared/site-paths.ts). */
    appRoutes: pages.appRoutes ?? [],
    /** The discount codes the content pages promote (src/shared/api/promotions.ts). */
    promotions: pages.promotions ?? [],
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );

/** sitemap.xml for the given public paths. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(siteUrl + p)}</loc></url>`).join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `${urls}\n</urlset>\n`
  );
}

/** Screens that are private or transactional: nothing there for a search engine. */
const ROBOTS_DISALLOW = [
  '/public/',
  '/api/',
  '/admin/',
  '/dashboard/',
  '/basket/',
  '/checkout/',
  '/order-confirm/',
  '/payment/',
  '/quote-confirm/',
  '/validate-email/',
  '/reset-password/',
];

/** robots.txt: everything public may be crawled; it names the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
