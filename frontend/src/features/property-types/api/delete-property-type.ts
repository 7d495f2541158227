import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { propertyTypesQueryKey } from './get-property-types';

export async function deletePropertyType({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/property-types/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeletePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePropertyType,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }) : undefined,
  });
}
