/**
 * Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`.
 * For things that happen in the background (a queued e-mail): no fixed sleeps.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false | null> | T | undefined | false | null,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false && value !== null) return value as T;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}` +
          (lastError instanceof Error ? `: ${lastError.message}` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
