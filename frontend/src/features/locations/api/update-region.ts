import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegionInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { regionsQueryKey, type Region } from './get-regions';

export async function updateRegion({ id, version, input }: VersionedUpdate<RegionInput>): Promise<Region> {
  return dataOf(api.PUT('/api/regions/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

export function useUpdateRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegion,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: regionsQueryKey }) : undefined,
  });
}
