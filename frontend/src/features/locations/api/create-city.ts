import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityInput } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { citiesQueryKey, type City } from './get-cities';

export async function createCity(input: CityInput): Promise<City> {
  return (await apiRequest<City>('POST', '/api/cities', input)) as City;
}

export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
  });
}
