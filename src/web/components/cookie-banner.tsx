import { Suspense } from 'react';
import { lazyChunk } from '../lib/lazy';
import { TRACKING_CONFIGURED } from '../lib/site';

/**
 * Asks before any analytics or marketing script loads (UK GDPR and PECR, the Jersey and Guernsey
 * data protection laws): Accept and Reject side by side, equally easy. Shown only when the build
 * has something to ask about, until the visitor answers; Cookie settings in the footer reopens it.
 */
export function CookieBanner() {
  if (!TRACKING_CONFIGURED) return null;
  return (
    <Suspense fallback={null}>
      <LazyBanner />
    </Suspense>
  );
}

// The consent store and the banner load after the page is interactive, and never on a build
// without tracking.
const LazyBanner = lazyChunk('cookie-banner', () => import('./cookie-banner-region'));
