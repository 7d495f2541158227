import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/features/account';
import i18n, { directionOf } from '@/i18n';

/** The interface language's direction for every Radix primitive (tabs, tooltips, dialogs, toasts). */
function InterfaceDirection({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  return <DirectionProvider dir={directionOf(current.language)}>{children}</DirectionProvider>;
}

/** Everything a screen may rely on: data cache, text and its direction, toasts and the session. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <InterfaceDirection>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{children}</AuthProvider>
          <DeferredToaster />
        </QueryClientProvider>
      </InterfaceDirection>
    </I18nextProvider>
  );
}
