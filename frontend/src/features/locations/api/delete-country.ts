import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { countriesQueryKey } from './get-countries';

/** Deletes a country; one that still has cities is a 409 whose message names them. */
export async function deleteCountry(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/countries/${id}`);
}

export function useDeleteCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQueryKey }),
  });
}
