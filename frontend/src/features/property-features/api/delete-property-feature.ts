import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, listsChanged, type Versioned } from '@/lib/api-client';
import { propertyFeaturesQueryKey } from './get-property-features';

export async function deletePropertyFeature({ id, version }: Versioned): Promise<void> {
  await apiRequest('DELETE', `/api/property-features/${id}`, undefined, { ifMatch: version });
}

export function useDeletePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePropertyFeature,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }) : undefined,
  });
}
