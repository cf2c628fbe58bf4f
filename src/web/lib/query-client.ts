import { QueryClient } from '@tanstack/react-query';
import { onStale } from './stale-queries';

/**
 * The app screens' TanStack Query client, one per page load. A module singleton, so that the
 * screens under routes/app-shell.tsx and any lazily loaded header part share one cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// What a light screen changed on the server (lib/stale-queries.ts) is fetched again.
onStale((queryKey) => void queryClient.invalidateQueries({ queryKey }));
