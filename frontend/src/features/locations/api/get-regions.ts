import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import type { Region } from '@/generated/types';


/** Every regions query starts with this key, so one invalidation refreshes them all. */
export const regionsQueryKey = ['/api/regions'] as const;

export interface RegionsFilter {
  /** Only this city's regions; every region when absent. */
  cityId?: number | null;
}

export async function getRegions({ cityId }: RegionsFilter = {}): Promise<Region[]> {
  const query = cityId == null ? {} : { cityId };
  return (await api.GET('/api/regions', { params: { query } })).data ?? [];
}

/**
 * Regions, all or one city's; fresh 5 minutes and kept 15 (core-panel §7, §9). A city's
 * list runs only once a city is chosen (`cityId: null` waits).
 */
export function regionsQueryOptions(filter: RegionsFilter = {}) {
  const { citiesRegionsFreshMs, citiesRegionsRetentionMs } = constants();
  const byCity = 'cityId' in filter;
  return queryOptions({
    queryKey: byCity ? [...regionsQueryKey, { cityId: filter.cityId ?? null }] : regionsQueryKey,
    queryFn: () => getRegions(filter),
    enabled: !byCity || (filter.cityId ?? 0) > 0,
    staleTime: citiesRegionsFreshMs,
    gcTime: citiesRegionsRetentionMs,
  });
}

export function useRegions(filter: RegionsFilter = {}) {
  return useQuery(regionsQueryOptions(filter));
}

export type { Region };
