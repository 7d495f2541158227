import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function createPropertyType(input: PropertyTypeInput): Promise<PropertyType> {
  return dataOf(api.POST('/api/property-types', { body: input }));
}

export function useCreatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPropertyType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }),
  });
}
