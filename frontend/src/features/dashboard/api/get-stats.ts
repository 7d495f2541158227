import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsQueryKey, type PropertyStats } from '@/features/properties';
import { api, dataOf } from '@/lib/api-client';
import { constants } from '@/lib/rules';

export function getStats(): Promise<PropertyStats> {
  return dataOf(api.GET('/api/stats'));
}

/** The dashboard's and side bar's figures, read again every 30 seconds (core-panel §7, §9). */
export function statsQueryOptions() {
  return queryOptions({
    queryKey: statsQueryKey,
    queryFn: getStats,
    refetchInterval: constants().statsRefetchMs,
  });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}

export type { PropertyStats };
