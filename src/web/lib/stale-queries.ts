/**
 * Marks server data as out of date from a light screen, one without TanStack Query (issue 16):
 * the app screens' query client (lib/query-client.ts) listens when it has been loaded in this page
 * load, and refetches what it holds under that key; when it has not, it holds nothing to refresh.
 */
const listeners = new Set<(queryKey: readonly unknown[]) => void>();

/** After a change on the server: queries whose key starts with `queryKey` are refetched. */
export function markStale(queryKey: readonly unknown[]) {
  listeners.forEach((listener) => listener(queryKey));
}

/** For the query client: hears each key marked stale. */
export function onStale(listener: (queryKey: readonly unknown[]) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
