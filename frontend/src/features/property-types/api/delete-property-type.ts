import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { propertyTypesQueryKey } from './get-property-types';

export async function deletePropertyType(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/property-types/${id}`);
}

export function useDeletePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePropertyType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }),
  });
}
