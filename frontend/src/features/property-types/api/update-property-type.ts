import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyTypeInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { propertyTypesQueryKey, type PropertyType } from './get-property-types';

export async function updatePropertyType({
  id,
  version,
  input,
}: VersionedUpdate<PropertyTypeInput>): Promise<PropertyType> {
  return dataOf(api.PUT('/api/property-types/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

export function useUpdatePropertyType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyType,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: propertyTypesQueryKey }) : undefined,
  });
}
