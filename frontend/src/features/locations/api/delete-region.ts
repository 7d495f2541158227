import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { regionsQueryKey } from './get-regions';

export async function deleteRegion(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/regions/${id}`);
}

export function useDeleteRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
  });
}
