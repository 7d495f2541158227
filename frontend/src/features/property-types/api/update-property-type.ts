import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { apiData, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function updatePropertyType({
  id,
  version,
  input,
}: VersionedUpdate<PropertyTypeInput>): Promise<PropertyType> {
  const path = `/api/property-types/${id}`;
  return apiData<PropertyType>('PUT', path, input, { ifMatch: version });
}

export function useUpdatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyType,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }) : undefined,
  });
}
