import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { countriesQueryKey } from './get-countries';

/** Deletes a country; one that still has cities is a 409 whose message names them. */
export async function deleteCountry({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/countries/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeleteCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: countriesQueryKey }) : undefined,
  });
}
