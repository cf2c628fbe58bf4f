/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`, when given); where the
 * browser cannot tell (no requestIdleCallback), after the current task.
 */
export function whenIdle(work: () => void, timeoutMs?: number) {
  if (typeof requestIdleCallback === 'undefined') setTimeout(work, 0);
  else requestIdleCallback(work, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
}

/**
 * Runs `work` once the next frame has been painted (a task after it): for what the page's code
 * does after the browser has answered a press itself (a `commandfor` dialog), so that the answer
 * is painted before it. Works run in the order they were asked for.
 */
export function afterPaint(work: () => void) {
  requestAnimationFrame(() => setTimeout(work, 0));
}
