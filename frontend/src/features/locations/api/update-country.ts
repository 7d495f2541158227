import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CountryInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { citiesQueryKey } from './get-cities';
import { countriesQueryKey, type Country } from './get-countries';
import { regionsQueryKey } from './get-regions';

export async function updateCountry({ id, version, input }: VersionedUpdate<CountryInput>): Promise<Country> {
  return dataOf(api.PUT('/api/countries/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

/** Renaming a country also renames it in the city and region lists, which carry its names. */
export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    onSettled: (_data, error) =>
      listsChanged(error)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: countriesQueryKey }),
            queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
            queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
          ])
        : undefined,
  });
}
