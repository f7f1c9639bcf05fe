import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { AuthProvider } from './features/auth/AuthProvider';
import { ToastProvider } from './features/toasts/ToastProvider';
import { GlobalStyle } from './theme/GlobalStyle';
import { theme } from './theme/theme';

/** Theme, server state, toasts and auth: everything a screen may read, for the app and its tests. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
