/**
 * Calls `fn` at most once per `waitMs`: at once on the first call, then once more at the end of
 * the window with the latest arguments if calls came in meanwhile (docs/requirements.md §9: scroll
 * 250 ms).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const elapsed = Date.now() - last;
    if (elapsed >= waitMs && !timer) {
      run(args);
      return;
    }
    pending = args;
    if (!timer) {
      timer = setTimeout(
        () => {
          timer = null;
          if (pending) {
            const next = pending;
            pending = null;
            run(next);
          }
        },
        Math.max(0, waitMs - elapsed),
      );
    }
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
