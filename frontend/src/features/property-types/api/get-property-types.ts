import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { constants } from '@/lib/rules';

/** A property type as `GET /api/property-types` lists it. */
export interface PropertyType {
  id: number;
  /** 1 on create, +1 on each update; sent back as If-Match by edits and deletes. */
  version: number;
  nameEn: string;
  nameAr: string;
  descriptionEn: string | null;
  descriptionAr: string | null;
  createdAt: string;
}

export const propertyTypesQueryKey = ['/api/property-types'] as const;

export async function getPropertyTypes(): Promise<PropertyType[]> {
  return (await apiRequest<PropertyType[]>('GET', '/api/property-types')) ?? [];
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
