// Build-time configuration compiled into the site (see vite.config.ts and site-config.server.ts).
declare const __BRAND__: string;
declare const __SITE_URL__: string;
declare const __BUILD_ID__: string;
declare const __GTM_ID__: string;
declare const __MARKETING_SCRIPT_URL__: string;

/** The brand name from configuration (BRAND at build time). */
export const BRAND: string = __BRAND__;

/** The site's public address without a trailing slash (PUBLIC_URL at build time). */
const SITE_URL: string = __SITE_URL__;

/** The identity of this build; page data carries it and every page names it in a meta tag. */
export const BUILD_ID: string = __BUILD_ID__;

/** Google Tag Manager container id, or '' when tracking is off (GTM_ID at build time). */
export const GTM_ID: string = __GTM_ID__;

/** The marketing script loaded after consent, or '' (MARKETING_SCRIPT_URL at build time). */
export const MARKETING_SCRIPT_URL: string = __MARKETING_SCRIPT_URL__;

/** True when the build has a tag manager or a marketing script to ask consent for. */
export const TRACKING_CONFIGURED: boolean = Boolean(__GTM_ID__ || __MARKETING_SCRIPT_URL__);

/** docs/requirements.md §2: page titles follow '%s - {brand}'. */
export const pageTitle = (title: string) => (title ? `${title} - ${BRAND}` : BRAND);

/** An absolute URL on the public site, for canonical links and Open Graph. */
export const absoluteUrl = (path: string) => `${SITE_URL}${path}`;
