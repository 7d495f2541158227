import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegionInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { regionsQueryKey, type Region } from './get-regions';

export async function createRegion(input: RegionInput): Promise<Region> {
  return dataOf(api.POST('/api/regions', { body: input }));
}

export function useCreateRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
  });
}
