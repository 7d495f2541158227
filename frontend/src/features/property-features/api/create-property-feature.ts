import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyFeatureInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { propertyFeaturesQueryKey, type PropertyFeature } from './get-property-features';

export async function createPropertyFeature(input: PropertyFeatureInput): Promise<PropertyFeature> {
  return dataOf(api.POST('/api/property-features', { body: input }));
}

export function useCreatePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPropertyFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }),
  });
}
