import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { apiRequest } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function createPropertyType(input: PropertyTypeInput): Promise<PropertyType> {
  return (await apiRequest<PropertyType>('POST', '/api/property-types', input)) as PropertyType;
}

export function useCreatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPropertyType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }),
  });
}
