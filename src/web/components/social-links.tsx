import { Suspense } from 'react';
import { lazyChunk } from '../lib/lazy';

// The links come with the settings, after the first paint; their code and icons come then too.
const SocialLinkList = lazyChunk('social-link-list', () => import('./social-link-list'));

/** The social media links from the settings (`Social` / `Links`). */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <SocialLinkList className={className} />
    </Suspense>
  );
}
