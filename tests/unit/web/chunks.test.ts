import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../../src/web/lib/chunks';

describe('loadChunk (docs/requirements.md §8 and §9: Loading chunk {n} failed after 120 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('the timeout is 120 seconds', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  test('a chunk that never arrives fails after 120 s, not before', async () => {
    const loading = loadChunk(7, () => new Promise<never>(() => {}));
    const outcome = vi.fn();
    loading.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledTimes(1);
    const error = outcome.mock.calls[0][0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toBe('Loading chunk 7 failed');
    expect(error.chunk).toBe(7);
  });

  test('a chunk that arrives in time resolves with the module and leaves no timer', async () => {
    const module = { default: 'component' };
    const loading = loadChunk('drawer', () => Promise.resolve(module));
    await expect(loading).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a chunk that arrives just before the deadline resolves', async () => {
    const loading = loadChunk(
      'slow',
      () => new Promise((resolve) => setTimeout(() => resolve('ok'), 119_000)),
    );
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(loading).resolves.toBe('ok');
  });

  test('a failed import fails with the same message and keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const loading = loadChunk(3, () => Promise.reject(cause));
    await expect(loading).rejects.toMatchObject({ message: 'Loading chunk 3 failed', cause });
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a custom timeout is honoured', async () => {
    const loading = loadChunk(1, () => new Promise<never>(() => {}), 1000);
    const caught = loading.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(caught).resolves.toBe('Loading chunk 1 failed');
  });
});
