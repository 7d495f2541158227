// The catalogs the property form chooses from. Each is read by the default query function
// (a GET to the key's path) under the same key as its own screen's list, so a change made
// there refreshes the form's options too; inside the form they stay fresh for 5 minutes
// (core-panel §9), features for the rules' "few minutes".
import { useQuery } from '@tanstack/react-query';
import type { Category, PropertyFeature, PropertyType } from '@/generated/types';
import { constants } from '@/lib/rules';

function useCatalog<T>(path: string, staleTime: number) {
  return useQuery<T[] | null, Error, T[]>({
    queryKey: [path],
    staleTime,
    select: (data) => data ?? [],
  });
}

export function useFormCategories() {
  return useCatalog<Category>('/api/categories', constants().formCatalogFreshMs);
}

export function useFormPropertyTypes() {
  return useCatalog<PropertyType>('/api/property-types', constants().formCatalogFreshMs);
}

export function useFormPropertyFeatures() {
  return useCatalog<PropertyFeature>('/api/property-features', constants().featuresFreshMs);
}
