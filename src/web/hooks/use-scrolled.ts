import { useEffect, useState } from 'react';
import { throttle } from '../lib/throttle';

/**
 * docs/requirements.md §9: the header changes once scrolled more than 100 px; scroll handling 250
 * ms.
 */
const SCROLLED_THRESHOLD_PX = 100;
const SCROLL_THROTTLE_MS = 250;

/** True once the page is scrolled more than the threshold (false in the prerendered HTML). */
export function useScrolled(threshold = SCROLLED_THRESHOLD_PX) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = throttle(() => setScrolled(window.scrollY > threshold), SCROLL_THROTTLE_MS);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
    };
  }, [threshold]);
  return scrolled;
}
