import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { citiesQueryKey, type City } from './get-cities';
import { regionsQueryKey } from './get-regions';

export async function updateCity({ id, version, input }: VersionedUpdate<CityInput>): Promise<City> {
  return dataOf(api.PUT('/api/cities/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

/** Renaming or moving a city also changes the region lists, which carry its names and country. */
export function useUpdateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCity,
    onSettled: (_data, error) =>
      listsChanged(error)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
            queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
          ])
        : undefined,
  });
}
