/**
 * The site's version (docs/requirements.md §9, site config; docs/decisions/0047): every page
 * names it in its `ferrybox-version` meta tag and the API's OpenAPI document in its info; the
 * package (package.json) carries the same number.
 */
export const SITE_VERSION = '0.7.23';
