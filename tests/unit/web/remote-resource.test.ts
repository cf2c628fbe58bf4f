import { describe, expect, test, vi } from 'vitest';
import { createResource } from '../../../src/web/lib/remote-resource';

describe('createResource: the public pages’ cached reads', () => {
  test('fetches once however many ask, and tells every subscriber', async () => {
    const load = vi.fn().mockResolvedValue({ items: [1, 2] });
    const resource = createResource(load);
    const seen = vi.fn();
    resource.subscribe(seen);
    expect(resource.getSnapshot()).toEqual({ status: 'pending' });
    resource.load();
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().status).toBe('success'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(resource.getSnapshot().data).toEqual({ items: [1, 2] });
    expect(seen).toHaveBeenCalledTimes(1);
    resource.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failure is reported, and the next one to ask tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    const resource = createResource(load);
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().status).toBe('error'));
    expect((resource.getSnapshot().error as Error).message).toBe('offline');
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().status).toBe('success'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('unsubscribing stops the notices', async () => {
    const resource = createResource(() => Promise.resolve(1));
    const seen = vi.fn();
    const stop = resource.subscribe(seen);
    stop();
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().status).toBe('success'));
    expect(seen).not.toHaveBeenCalled();
  });

  test('refresh fetches again, showing the last answer meanwhile; calls in one task fetch once', async () => {
    const load = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const resource = createResource(load);
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().status).toBe('success'));
    resource.refresh();
    resource.refresh();
    expect(resource.getSnapshot()).toEqual({ status: 'success', data: 'first', refreshing: true });
    await vi.waitFor(() => expect(resource.getSnapshot().data).toBe('second'));
    expect(resource.getSnapshot()).toEqual({ status: 'success', data: 'second' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('only the newest fetch counts: an answer overtaken by a refresh is dropped', async () => {
    let answer: (value: string) => void = () => {};
    const load = vi
      .fn()
      .mockReturnValueOnce(new Promise<string>((resolve) => (answer = resolve)))
      .mockResolvedValueOnce('new');
    const resource = createResource(load);
    resource.load();
    resource.refresh();
    await vi.waitFor(() => expect(resource.getSnapshot().data).toBe('new'));
    answer('old');
    await Promise.resolve();
    expect(resource.getSnapshot().data).toBe('new');
  });

  test('reset forgets the answer and one under way (the session that owned it ended)', async () => {
    let answer: (value: string) => void = () => {};
    const load = vi
      .fn()
      .mockResolvedValueOnce('ann')
      .mockReturnValueOnce(new Promise<string>((resolve) => (answer = resolve)))
      .mockResolvedValueOnce('bob');
    const resource = createResource(load);
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().data).toBe('ann'));
    resource.refresh();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    resource.reset();
    expect(resource.getSnapshot()).toEqual({ status: 'pending' });
    answer('ann again');
    await Promise.resolve();
    expect(resource.getSnapshot()).toEqual({ status: 'pending' });
    resource.load();
    await vi.waitFor(() => expect(resource.getSnapshot().data).toBe('bob'));
  });
});
