// The comprehensive form's save sequence (core-panel §4): the property, then its selected
// feature ids. The second step failing does not undo the first: the answer says so, and
// the form warns that the features could not be updated.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Property, PropertyInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { setSelectedFeatures } from './property-features';
import { propertiesQueryKey, statsQueryKey } from './properties-keys';

/** What the form saves: the payload, and the feature ids sent after it. */
export interface PropertySave {
  input: PropertyInput;
  featureIds: readonly number[];
}

/** The saved property, and whether its feature ids were saved too. */
export interface SavedProperty {
  property: Property;
  featuresSaved: boolean;
}

/** `POST /api/properties`: the new property with its id and version. */
export async function createProperty(input: PropertyInput): Promise<Property> {
  return dataOf(api.POST('/api/properties', { body: input }));
}

/** `PUT /api/properties/{id}` with the version it was read at; a 412 says it changed meanwhile. */
export async function updateProperty({ id, version, input }: VersionedUpdate<PropertyInput>): Promise<Property> {
  return dataOf(api.PUT('/api/properties/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

async function withFeatures(property: Property, featureIds: readonly number[]): Promise<SavedProperty> {
  try {
    await setSelectedFeatures(property.id, featureIds);
    return { property, featuresSaved: true };
  } catch {
    return { property, featuresSaved: false };
  }
}

/** Lists, pages, records and the figures all show properties: each is read again. */
function refreshProperties(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
    queryClient.invalidateQueries({ queryKey: statsQueryKey }),
  ]);
}

export interface SaveOptions {
  /** Told first when the property could not be saved (before any caller of `mutate`). */
  onError?: (error: Error) => void;
}

export function useCreateProperty({ onError }: SaveOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, featureIds }: PropertySave) => withFeatures(await createProperty(input), featureIds),
    onSuccess: () => refreshProperties(queryClient),
    onError,
  });
}

export function useUpdateProperty({ onError }: SaveOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, input }: VersionedUpdate<PropertySave>) =>
      withFeatures(await updateProperty({ id, version, input: input.input }), input.featureIds),
    onSettled: (_data, error) => (listsChanged(error) ? refreshProperties(queryClient) : undefined),
    onError,
  });
}
