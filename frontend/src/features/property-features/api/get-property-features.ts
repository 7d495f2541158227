import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCategory } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { constants } from '@/lib/rules';

/** A selectable property feature as `GET /api/property-features` lists it. */
export interface PropertyFeature {
  id: number;
  /** 1 on create, +1 on each update; sent back as If-Match by edits and deletes. */
  version: number;
  nameEn: string;
  nameAr: string;
  icon: string;
  category: FeatureCategory;
  isActive: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
}

export const propertyFeaturesQueryKey = ['/api/property-features'] as const;

/** Every feature, ordered by display order, then id (the server's order). */
export async function getPropertyFeatures(): Promise<PropertyFeature[]> {
  return (await apiRequest<PropertyFeature[]>('GET', '/api/property-features')) ?? [];
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
