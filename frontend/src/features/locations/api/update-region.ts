import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegionInput } from '@/generated/types';
import { apiData, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { regionsQueryKey, type Region } from './get-regions';

export async function updateRegion({ id, version, input }: VersionedUpdate<RegionInput>): Promise<Region> {
  return apiData<Region>('PUT', `/api/regions/${id}`, input, { ifMatch: version });
}

export function useUpdateRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegion,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: regionsQueryKey }) : undefined,
  });
}
