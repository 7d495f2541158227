import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { regionsQueryKey } from './get-regions';

export async function deleteRegion({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/regions/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeleteRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegion,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: regionsQueryKey }) : undefined,
  });
}
