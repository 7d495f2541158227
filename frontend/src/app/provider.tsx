import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/features/account';
import i18n from '@/i18n';

/** Everything a screen may rely on: data cache, text, toasts and the session. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <DeferredToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
