import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyType } from '@/generated/types';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';

export const propertyTypesQueryKey = ['/api/property-types'] as const;

export async function getPropertyTypes(): Promise<PropertyType[]> {
  return (await api.GET('/api/property-types')).data ?? [];
}

/** Every property type; fresh for the rules' catalog time (core-panel §9). */
export function propertyTypesQueryOptions() {
  return queryOptions({
    queryKey: propertyTypesQueryKey,
    queryFn: getPropertyTypes,
    staleTime: constants().catalogFreshMs,
  });
}

export function usePropertyTypes() {
  return useQuery(propertyTypesQueryOptions());
}

export type { PropertyType };
