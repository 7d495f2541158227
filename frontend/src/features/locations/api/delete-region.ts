import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { regionsQueryKey } from './get-regions';

export async function deleteRegion({ id, version }: Versioned): Promise<void> {
  await api.DELETE('/api/regions/{id}', { params: { path: { id } }, headers: ifMatch(version) });
}

export function useDeleteRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegion,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: regionsQueryKey }) : undefined,
  });
}
