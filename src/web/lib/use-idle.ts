import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`, when given); where the
 * browser cannot tell (no requestIdleCallback), after the current task. Answers a cancel.
 */
export function whenIdle(work: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(
    work,
    timeoutMs === undefined ? undefined : { timeout: timeoutMs },
  );
  return () => cancelIdleCallback(id);
}

/**
 * True once the browser has been idle after the component mounted: for work done ahead of a
 * press (drawing a dialog closed, so the press only opens it). Where the browser cannot tell
 * (no requestIdleCallback), after the current task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
