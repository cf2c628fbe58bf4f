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

  test('ready settles once the resource has answered, fetching it if no one has', async () => {
    let answer: (value: string) => void = () => {};
    const load = vi.fn().mockReturnValueOnce(new Promise<string>((resolve) => (answer = resolve)));
    const resource = createResource(load);
    let settled = false;
    const ready = resource.ready().then(() => (settled = true));
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(settled).toBe(false);
    answer('bands');
    await ready;
    expect(resource.getSnapshot()).toEqual({ status: 'success', data: 'bands' });
    await resource.ready();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
