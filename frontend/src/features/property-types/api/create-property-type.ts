import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function createPropertyType(input: PropertyTypeInput): Promise<PropertyType> {
  return apiData<PropertyType>('POST', '/api/property-types', input);
}

export function useCreatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPropertyType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }),
  });
}
