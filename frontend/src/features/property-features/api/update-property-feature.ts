import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyFeatureInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { propertyFeaturesQueryKey, type PropertyFeature } from './get-property-features';

export async function updatePropertyFeature({
  id,
  version,
  input,
}: VersionedUpdate<PropertyFeatureInput>): Promise<PropertyFeature> {
  return dataOf(api.PUT('/api/property-features/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

export function useUpdatePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyFeature,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }) : undefined,
  });
}
