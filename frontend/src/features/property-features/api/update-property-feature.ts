import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyFeatureInput } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { propertyFeaturesQueryKey, type PropertyFeature } from './get-property-features';

export async function updatePropertyFeature({
  id,
  input,
}: {
  id: number;
  input: PropertyFeatureInput;
}): Promise<PropertyFeature> {
  return (await apiRequest<PropertyFeature>('PUT', `/api/property-features/${id}`, input)) as PropertyFeature;
}

export function useUpdatePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }),
  });
}
