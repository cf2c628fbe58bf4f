import { QueryClient } from '@tanstack/react-query';

/**
 * The app screens' TanStack Query client, one per page load. A module singleton, so that the
 * screens under routes/app-shell.tsx and any lazily loaded header part share one cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
