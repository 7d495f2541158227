import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { citiesQueryKey, type City } from './get-cities';

export async function createCity(input: CityInput): Promise<City> {
  return dataOf(api.POST('/api/cities', { body: input }));
}

export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
  });
}
