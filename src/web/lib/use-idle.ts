import { useEffect, useState } from 'react';

/**
 * True once the browser has been idle after the component mounted: for work done ahead of a
 * press (drawing a dialog closed, so the press only opens it). Where the browser cannot tell
 * (no requestIdleCallback), after the current task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIdle(true));
    return () => cancelIdleCallback(id);
  }, []);
  return idle;
}
