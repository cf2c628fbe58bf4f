import { useEffect, useSyncExternalStore } from 'react';

export type ResourceState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  /** `refreshing`: fetched again (refresh()) and not answered yet; `data` is the last answer. */
  | { status: 'success'; data: T; error?: undefined; refreshing?: boolean }
  | { status: 'error'; data?: undefined; error: unknown };

const PENDING = { status: 'pending' } as const;

/**
 * A small cached read for the pages drawn without TanStack Query (the public pages, the booking
 * screens, the basket and the checkout): fetched once per page load and shared by every component
 * that asks (docs/decisions/0006, 0027). `refresh()` fetches again for a screen that must show
 * what the server holds now (the checkout's address list, on each visit), and `reset()` forgets
 * what it holds (the session that owned it ended). Only the newest fetch's answer is kept.
 */
export function createResource<T>(load: () => Promise<T>) {
  let state: ResourceState<T> = PENDING;
  let started = false;
  /** Counts fetches (and resets): an answer is kept only when no later one began. */
  let generation = 0;
  let refreshQueued = false;
  const listeners = new Set<() => void>();
  const set = (next: ResourceState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const fetch = () => {
    const run = ++generation;
    started = true;
    load().then(
      (data) => {
        if (run === generation) set({ status: 'success', data });
      },
      (error: unknown) => {
        if (run !== generation) return;
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
     * Fetches again, keeping the last answer shown (marked `refreshing`) until the new one comes.
     * Calls in the same task share one fetch (two components mounting together ask once).
     */
    refresh() {
      if (state.status === 'success' && !state.refreshing) set({ ...state, refreshing: true });
      if (refreshQueued) return;
      refreshQueued = true;
      queueMicrotask(() => {
        refreshQueued = false;
        fetch();
      });
    },
    /** Forgets the answer and any fetch under way: the next to ask fetches anew. */
    reset() {
      generation++;
      started = false;
      if (state !== PENDING) set(PENDING);
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
 * The resource's state, fetched once per page load, or with `fetch: false` only when the caller
 * says (refresh()). The prerendered HTML and the first render in the browser show it pending.
 */
export function useResource<T>(
  resource: Resource<T>,
  { fetch = true }: { fetch?: boolean } = {},
): ResourceState<T> {
  useEffect(() => {
    if (fetch) resource.load();
  }, [resource, fetch]);
  return useSyncExternalStore(
    resource.subscribe,
    resource.getSnapshot,
    serverSnapshot as () => ResourceState<T>,
  );
}
