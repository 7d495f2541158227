import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CountryInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { countriesQueryKey, type Country } from './get-countries';

/** Creates a country; a code already in use is a 409 whose message says so. */
export async function createCountry(input: CountryInput): Promise<Country> {
  return dataOf(api.POST('/api/countries', { body: input }));
}

export function useCreateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQueryKey }),
  });
}
