import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegionInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { regionsQueryKey, type Region } from './get-regions';

export async function updateRegion({ id, input }: { id: number; input: RegionInput }): Promise<Region> {
  return apiData<Region>('PUT', `/api/regions/${id}`, input);
}

export function useUpdateRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
  });
}
