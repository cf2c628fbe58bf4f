import { QueryClient } from '@tanstack/react-query';

/**
 * The back office's TanStack Query client, one per page load (docs/decisions/0029: the customer
 * site reads through React Router's loaders and actions instead).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
