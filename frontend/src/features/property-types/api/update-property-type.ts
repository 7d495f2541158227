import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function updatePropertyType({
  id,
  input,
}: {
  id: number;
  input: PropertyTypeInput;
}): Promise<PropertyType> {
  return apiData<PropertyType>('PUT', `/api/property-types/${id}`, input);
}

export function useUpdatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }),
  });
}
