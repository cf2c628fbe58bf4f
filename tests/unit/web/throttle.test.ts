import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { throttle } from '../../../src/web/lib/throttle';

describe('throttle (docs/requirements.md §9: scroll handling throttled to 250 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('runs at once, then at most once per window with the latest arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn, 250);
    t(1);
    expect(fn).toHaveBeenCalledWith(1);
    t(2);
    t(3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(249);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  test('a burst of calls over a second runs about four times, never more often than 250 ms', () => {
    const fn = vi.fn();
    const t = throttle(fn, 250);
    const times: number[] = [];
    fn.mockImplementation(() => times.push(Date.now()));
    for (let ms = 0; ms < 1000; ms += 10) {
      t();
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(250);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(250);
  });

  test('a call after a quiet period runs at once', () => {
    const fn = vi.fn();
    const t = throttle(fn, 250);
    t('a');
    vi.advanceTimersByTime(1000);
    t('b');
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith('b');
  });

  test('cancel drops the pending call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 250);
    t(1);
    t(2);
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
