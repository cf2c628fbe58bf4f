// An order's private tracking link (docs/decisions/0036): its words and path, without
// zod, so that the public page /track/{code} stays lean; the API contract (api/tracking.ts)
// re-exports them.

/** The path of the public page that follows an order's parcel without a login. */
export const trackPath = (code: string) => `/track/${code}`;

export const TRACKING_MESSAGES = {
  notFound: 'We could not find a parcel with this tracking link.',
  failed: 'The parcel could not be looked up just now. Please try again.',
  replaced:
    'Your tracking link has been replaced: the old link no longer works. The new one is below.',
  replaceFailed: 'The tracking link could not be replaced just now. Please try again.',
} as const;
