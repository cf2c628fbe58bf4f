/**
 * The meta tag naming the build a page belongs to (docs/requirements.md §5, page-data validation).
 */
export const BUILD_META_NAME = 'ferrybox-build';

/** Route ids whose data is prerendered page data carrying the build hash (see routes.ts). */
export const PAGE_DATA_ROUTES: ReadonlySet<string> = new Set(['home', 'content-page']);

export type PageDataErrorCode = 'PARSE' | 'NO_HASH' | 'INVALID_HASH';

/** docs/requirements.md §8, page-data errors. */
export class PageDataError extends Error {
  override name = 'PageDataError';
  constructor(
    readonly code: PageDataErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Page data as the prerendered routes return it: anything, plus the build's hash. */
export interface PageData {
  hash: string;
}

/** Adds the build hash to a prerendered route's data. */
export const withHash = <T extends object>(data: T, hash: string): T & PageData => ({
  ...data,
  hash,
});

/**
 * Checks page data against the hash of the page that is showing: it must be an object with a
 * hash, equal to the expected one. A different hash means the data comes from another build.
 */
export function validatePageData(data: unknown, expectedHash: string): PageData {
  if (data === null || typeof data !== 'object') {
    throw new PageDataError('PARSE', 'Failed to parse page data');
  }
  const hash = (data as { hash?: unknown }).hash;
  if (typeof hash !== 'string' || !hash) {
    throw new PageDataError('NO_HASH', 'Page data is missing a hash');
  }
  if (hash !== expectedHash) {
    throw new PageDataError('INVALID_HASH', `Page data is from build ${hash}, not ${expectedHash}`);
  }
  return data as PageData;
}
