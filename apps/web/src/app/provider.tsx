import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { Toasts } from '../lib/notifications';
import { createQueryClient } from '../lib/query-client';
import { AnalyticsTracker } from './analytics';

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <AnalyticsTracker />
      </AuthProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
