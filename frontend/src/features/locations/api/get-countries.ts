import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { constants } from '@/lib/rules';

/** A country as `GET /api/countries` lists it. */
export interface Country {
  id: number;
  /** 1 on create, +1 on each update; sent back as If-Match by edits and deletes. */
  version: number;
  nameEn: string;
  nameAr: string;
  code: string;
  createdAt: string;
}

export const countriesQueryKey = ['/api/countries'] as const;

export async function getCountries(): Promise<Country[]> {
  return (await apiRequest<Country[]>('GET', '/api/countries')) ?? [];
}

/** Every country; fresh 10 minutes and kept 30 (core-panel §7, §9). */
export function countriesQueryOptions() {
  const { countriesFreshMs, countriesRetentionMs } = constants();
  return queryOptions({
    queryKey: countriesQueryKey,
    queryFn: getCountries,
    staleTime: countriesFreshMs,
    gcTime: countriesRetentionMs,
  });
}

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
