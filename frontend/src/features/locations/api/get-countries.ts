import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';
import type { Country } from '@/generated/types';


export const countriesQueryKey = ['/api/countries'] as const;

export async function getCountries(): Promise<Country[]> {
  return (await api.GET('/api/countries')).data ?? [];
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

export type { Country };
