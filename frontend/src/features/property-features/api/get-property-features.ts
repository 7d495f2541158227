import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyFeature } from '@/generated/types';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';


export const propertyFeaturesQueryKey = ['/api/property-features'] as const;

/** Every feature, ordered by display order, then id (the server's order). */
export async function getPropertyFeatures(): Promise<PropertyFeature[]> {
  return (await api.GET('/api/property-features')).data ?? [];
}

/** Fresh for the rules' "few minutes" (core-panel §9). */
export function propertyFeaturesQueryOptions() {
  return queryOptions({
    queryKey: propertyFeaturesQueryKey,
    queryFn: getPropertyFeatures,
    staleTime: constants().featuresFreshMs,
  });
}

export function usePropertyFeatures() {
  return useQuery(propertyFeaturesQueryOptions());
}

export type { PropertyFeature };
