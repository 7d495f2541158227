import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyFeatureInput } from '@/generated/types';
import { apiData, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { propertyFeaturesQueryKey, type PropertyFeature } from './get-property-features';

export async function updatePropertyFeature({
  id,
  version,
  input,
}: VersionedUpdate<PropertyFeatureInput>): Promise<PropertyFeature> {
  const path = `/api/property-features/${id}`;
  return apiData<PropertyFeature>('PUT', path, input, { ifMatch: version });
}

export function useUpdatePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyFeature,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }) : undefined,
  });
}
