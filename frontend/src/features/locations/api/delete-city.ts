import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { citiesQueryKey } from './get-cities';

/** Deletes a city; one that still has regions is a 409 whose message names them. */
export async function deleteCity({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/cities/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeleteCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCity,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: citiesQueryKey }) : undefined,
  });
}
