import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureIds, PropertyFeature } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { propertiesQueryKey } from './properties-keys';

/** `GET /api/properties/{id}/features`: the features selected for a property. */
export async function getSelectedFeatures(propertyId: number): Promise<PropertyFeature[]> {
  const { data } = await api.GET('/api/properties/{id}/features', { params: { path: { id: propertyId } } });
  return data ?? [];
}

/** A property's selected features; the form preselects them when it edits the property. */
export function selectedFeaturesQueryOptions(propertyId: number) {
  return queryOptions({
    queryKey: [...propertiesQueryKey, propertyId, 'features'],
    queryFn: () => getSelectedFeatures(propertyId),
  });
}

/**
 * The selection of the property being edited, read afresh each time the form opens (it is
 * not kept once no form shows it), so the form never starts from an older selection.
 */
export function useSelectedFeatures(propertyId: number | undefined) {
  return useQuery({ ...selectedFeaturesQueryOptions(propertyId ?? 0), enabled: propertyId !== undefined, gcTime: 0 });
}

/**
 * `POST /api/properties/{id}/features`: replaces the property's selected features with
 * `featureIds`, answering the new selection.
 */
export async function setSelectedFeatures(propertyId: number, featureIds: readonly number[]): Promise<PropertyFeature[]> {
  const body: FeatureIds = { featureIds: [...featureIds] };
  return dataOf(api.POST('/api/properties/{id}/features', { params: { path: { id: propertyId } }, body: body }));
}
