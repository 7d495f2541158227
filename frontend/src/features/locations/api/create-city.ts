import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { citiesQueryKey, type City } from './get-cities';

export async function createCity(input: CityInput): Promise<City> {
  return apiData<City>('POST', '/api/cities', input);
}

export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
  });
}
