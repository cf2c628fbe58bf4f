import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { theme } from './theme';

/**
 * MUI's theme and TanStack Query for the back office under /admin/ (admin/admin-layout):
 * the customer site uses neither (docs/decisions/0029).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
