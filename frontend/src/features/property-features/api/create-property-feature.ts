import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyFeatureInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { propertyFeaturesQueryKey, type PropertyFeature } from './get-property-features';

export async function createPropertyFeature(input: PropertyFeatureInput): Promise<PropertyFeature> {
  return apiData<PropertyFeature>('POST', '/api/property-features', input);
}

export function useCreatePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPropertyFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }),
  });
}
