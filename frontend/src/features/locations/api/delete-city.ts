import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { citiesQueryKey } from './get-cities';

/** Deletes a city; one that still has regions is a 409 whose message names them. */
export async function deleteCity(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/cities/${id}`);
}

export function useDeleteCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: citiesQueryKey }),
  });
}
