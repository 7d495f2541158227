// The catalogs the property form chooses from. Each is read under the same key as its own
// screen's list, so a change made there refreshes the form's options too; inside the form
// they stay fresh for 5 minutes (core-panel §9), features for the rules' "few minutes".
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { constants } from '@/lib/rules';

export function useFormCategories() {
  return useQuery({
    queryKey: ['/api/categories'],
    queryFn: async () => (await api.GET('/api/categories')).data ?? [],
    staleTime: constants().formCatalogFreshMs,
  });
}

export function useFormPropertyTypes() {
  return useQuery({
    queryKey: ['/api/property-types'],
    queryFn: async () => (await api.GET('/api/property-types')).data ?? [],
    staleTime: constants().formCatalogFreshMs,
  });
}

export function useFormPropertyFeatures() {
  return useQuery({
    queryKey: ['/api/property-features'],
    queryFn: async () => (await api.GET('/api/property-features')).data ?? [],
    staleTime: constants().featuresFreshMs,
  });
}
