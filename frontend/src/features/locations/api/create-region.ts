import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegionInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { regionsQueryKey, type Region } from './get-regions';

export async function createRegion(input: RegionInput): Promise<Region> {
  return apiData<Region>('POST', '/api/regions', input);
}

export function useCreateRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regionsQueryKey }),
  });
}
