import { useEffect, useSyncExternalStore } from 'react';

export type ResourceState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

const PENDING = { status: 'pending' } as const;

/**
 * A small cached read for the public pages (settings, the price bands): fetched once per page
 * load and shared by every component that asks. The app's own screens use TanStack Query; the
 * public pages use this so that their initial JavaScript stays small (docs/decisions/0006).
 */
export function createResource<T>(load: () => Promise<T>) {
  let state: ResourceState<T> = PENDING;
  let started = false;
  const listeners = new Set<() => void>();
  const set = (next: ResourceState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  return {
    /** Starts the fetch unless it has already run. */
    load() {
      if (started) return;
      started = true;
      load().then(
        (data) => set({ status: 'success', data }),
        (error: unknown) => {
          started = false; // the next component that asks tries again
          set({ status: 'error', error });
        },
      );
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

/** The resource's state; the prerendered HTML and the first render in the browser show it pending. */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  useEffect(() => resource.load(), [resource]);
  return useSyncExternalStore(
    resource.subscribe,
    resource.getSnapshot,
    serverSnapshot as () => ResourceState<T>,
  );
}
