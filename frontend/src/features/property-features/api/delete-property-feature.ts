import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { propertyFeaturesQueryKey } from './get-property-features';

export async function deletePropertyFeature(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/property-features/${id}`);
}

export function useDeletePropertyFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePropertyFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyFeaturesQueryKey }),
  });
}
