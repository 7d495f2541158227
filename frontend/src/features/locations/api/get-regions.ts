import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { constants } from '@/lib/rules';

/** A region as `GET /api/regions` lists it, with its city's and country's names. */
export interface Region {
  id: number;
  /** 1 on create, +1 on each update; sent back as If-Match by edits and deletes. */
  version: number;
  nameEn: string;
  nameAr: string;
  cityId: number;
  cityNameEn: string;
  cityNameAr: string;
  countryId: number;
  countryNameEn: string;
  countryNameAr: string;
  createdAt: string;
}

/** Every regions query starts with this key, so one invalidation refreshes them all. */
export const regionsQueryKey = ['/api/regions'] as const;

export interface RegionsFilter {
  /** Only this city's regions; every region when absent. */
  cityId?: number | null;
}

export async function getRegions({ cityId }: RegionsFilter = {}): Promise<Region[]> {
  const path = cityId == null ? '/api/regions' : `/api/regions?cityId=${cityId}`;
  return (await apiRequest<Region[]>('GET', path)) ?? [];
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
