import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import type { City } from '@/generated/types';


/** Every cities query starts with this key, so one invalidation refreshes them all. */
export const citiesQueryKey = ['/api/cities'] as const;

export interface CitiesFilter {
  /** Only this country's cities; every city when absent. */
  countryId?: number | null;
}

export async function getCities({ countryId }: CitiesFilter = {}): Promise<City[]> {
  const query = countryId == null ? {} : { countryId };
  return (await api.GET('/api/cities', { params: { query } })).data ?? [];
}

/**
 * Cities, all or one country's; fresh 5 minutes and kept 15 (core-panel §7, §9). A
 * country's list runs only once a country is chosen (`countryId: null` waits).
 */
export function citiesQueryOptions(filter: CitiesFilter = {}) {
  const { citiesRegionsFreshMs, citiesRegionsRetentionMs } = constants();
  const byCountry = 'countryId' in filter;
  return queryOptions({
    queryKey: byCountry ? [...citiesQueryKey, { countryId: filter.countryId ?? null }] : citiesQueryKey,
    queryFn: () => getCities(filter),
    enabled: !byCountry || (filter.countryId ?? 0) > 0,
    staleTime: citiesRegionsFreshMs,
    gcTime: citiesRegionsRetentionMs,
  });
}

export function useCities(filter: CitiesFilter = {}) {
  return useQuery(citiesQueryOptions(filter));
}

export type { City };
