import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { propertyFeaturesQueryKey } from './get-property-features';

export async function deletePropertyFeature({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/property-features/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeletePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePropertyFeature,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }) : undefined,
  });
}
