import { QueryClient } from '@tanstack/react-query';

/** Default cache retention (core-panel §9). */
export const DEFAULT_GC_TIME_MS = 5 * 60 * 1000;

/** The data-fetching defaults of core-panel §9: no retries, no focus refetch, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: DEFAULT_GC_TIME_MS,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
