import { useQuery } from '@tanstack/react-query';
import type { FeatureUsage } from '@/generated/types';
import { api } from '@/lib/api-client';
import { propertyFeaturesQueryKey } from './get-property-features';

/** How many listings have the feature selected: the ones a delete takes it off. */
export async function getFeatureUsage(id: number): Promise<FeatureUsage> {
  const { data } = await api.GET('/api/property-features/{id}/usage', { params: { path: { id } } });
  return data ?? { listings: 0 };
}

/** Read afresh each time a delete is asked about: listings change in other screens. */
export function useFeatureUsage(id: number) {
  return useQuery({
    queryKey: [...propertyFeaturesQueryKey, id, 'usage'],
    queryFn: () => getFeatureUsage(id),
    staleTime: 0,
    gcTime: 0,
  });
}
