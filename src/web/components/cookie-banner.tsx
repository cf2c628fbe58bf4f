import { Suspense } from 'react';
import { TRACKING_CONFIGURED, useConsent } from '../lib/analytics';
import { lazyChunk } from '../lib/lazy';

/**
 * Asks before any analytics or marketing script loads (UK GDPR and PECR, the Jersey and Guernsey
 * data protection laws): Accept and Reject side by side, equally easy. Shown only when the build
 * has something to ask about, until the visitor answers; Cookie settings in the footer reopens it.
 */
export function CookieBanner() {
  const { consent, reopened } = useConsent();
  const visible = TRACKING_CONFIGURED && (consent === null || reopened);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <LazyBanner reopened={reopened} />
    </Suspense>
  );
}

// The banner's own code loads only when it is shown (never on a build without tracking).
const LazyBanner = lazyChunk('cookie-banner', () => import('./cookie-banner-region'));
