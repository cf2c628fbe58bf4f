import { useEffect, useSyncExternalStore } from 'react';

export type ResourceState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

const PENDING = { status: 'pending' } as const;

/**
 * A small cached read of what the content pages and the booking screens share (the catalogue,
 * the settings, the extras, a promotion), outside any route's data: fetched once per page load and
 * shared by every component that asks (docs/decisions/0006, 0027, 0029). A failed fetch is tried
 * again by the next component that asks.
 */
export function createResource<T>(load: () => Promise<T>) {
  let state: ResourceState<T> = PENDING;
  let started = false;
  const listeners = new Set<() => void>();
  const set = (next: ResourceState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const fetch = () => {
    started = true;
    load().then(
      (data) => set({ status: 'success', data }),
      (error: unknown) => {
        started = false; // the next component that asks tries again
        set({ status: 'error', error });
      },
    );
  };
  return {
    /** Starts the fetch unless it has already run. */
    load() {
      if (!started) fetch();
    },
    /**
     * Settles once the resource has answered (with data or an error), fetching it if no one has:
     * for a route's clientLoader, so its screen is first drawn with what it shows, not a skeleton
     * that the answer then pushes about.
     */
    ready(): Promise<void> {
      if (state.status !== 'pending') return Promise.resolve();
      if (!started) fetch();
      return new Promise((resolve) => {
        const listener = () => {
          if (state.status === 'pending') return;
          listeners.delete(listener);
          resolve();
        };
        listeners.add(listener);
      });
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
}

export type Resource<T> = ReturnType<typeof createResource<T>>;

const serverSnapshot = () => PENDING;

/**
 * The resource's state, fetched once per page load. The prerendered HTML and the first render in
 * the browser show it pending.
 */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  useEffect(() => {
    resource.load();
  }, [resource]);
  return useSyncExternalStore(
    resource.subscribe,
    resource.getSnapshot,
    serverSnapshot as () => ResourceState<T>,
  );
}
