import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { theme } from '../theme';

/**
 * MUI's theme and TanStack Query for the app screens (ordering, basket, account, dashboard) and
 * for lazily loaded parts of the header (user menu, basket dropdown, dialogs). The public pages
 * do without both, to keep their initial JavaScript small (docs/decisions/0006).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
