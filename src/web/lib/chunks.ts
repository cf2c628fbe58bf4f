/** docs/requirements.md §9: a code chunk that has not loaded after 120 s has failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** docs/requirements.md §8: 'Loading chunk {n} failed'. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly chunk: string | number,
    cause?: unknown,
  ) {
    super(`Loading chunk ${chunk} failed`, { cause });
  }
}

/**
 * Loads a code chunk (`() => import('./x')`), failing with `Loading chunk {n} failed` when it
 * rejects or has not arrived within the timeout.
 */
export function loadChunk<T>(
  chunk: string | number,
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, error));
      },
    );
  });
}
