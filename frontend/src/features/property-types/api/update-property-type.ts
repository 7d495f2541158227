import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function updatePropertyType({
  id,
  input,
}: {
  id: number;
  input: PropertyTypeInput;
}): Promise<PropertyType> {
  return (await apiRequest<PropertyType>('PUT', `/api/property-types/${id}`, input)) as PropertyType;
}

export function useUpdatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }),
  });
}
