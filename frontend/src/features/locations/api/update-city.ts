import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { citiesQueryKey, type City } from './get-cities';
import { regionsQueryKey } from './get-regions';

export async function updateCity({ id, input }: { id: number; input: CityInput }): Promise<City> {
  return apiData<City>('PUT', `/api/cities/${id}`, input);
}

/** Renaming or moving a city also changes the region lists, which carry its names and country. */
export function useUpdateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
      ]),
  });
}
