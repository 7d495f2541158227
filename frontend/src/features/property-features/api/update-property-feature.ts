import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyFeatureInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { propertyFeaturesQueryKey, type PropertyFeature } from './get-property-features';

export async function updatePropertyFeature({
  id,
  input,
}: {
  id: number;
  input: PropertyFeatureInput;
}): Promise<PropertyFeature> {
  return apiData<PropertyFeature>('PUT', `/api/property-features/${id}`, input);
}

export function useUpdatePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }),
  });
}
