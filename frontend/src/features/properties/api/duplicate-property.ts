import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickPropertyInput, PropertyInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { runRule } from '@/lib/rules';
import type { Property } from './get-properties';
import { propertiesQueryKey, statsQueryKey } from './properties-keys';
import { getSelectedFeatures, setSelectedFeatures } from './property-features';

/** A listing made with the quick form has no place ids and no building type. */
export function madeWithQuickForm(property: Property): boolean {
  return property.countryId == null || property.cityId == null || property.buildingTypeNew == null;
}

/**
 * The copy to create (core-panel §4), by the rules' `property.duplicate`: no number, the
 * titles suffixed with the words for copy, no id and no timestamps.
 */
export function duplicatePayload(original: Property): PropertyInput {
  // The rules read the comprehensive form's fields, where a building type is text.
  return runRule('property.duplicate', { ...original, buildingTypeNew: original.buildingTypeNew ?? '' }) as PropertyInput;
}

/** The quick form's payload of a copy of a listing made with it: its fields, the copy's titles. */
export function quickDuplicatePayload(original: Property): Required<QuickPropertyInput> {
  const copy = duplicatePayload(original);
  return {
    propertyNumber: copy.propertyNumber ?? null,
    titleEn: copy.titleEn ?? original.titleEn,
    titleAr: copy.titleAr ?? original.titleAr,
    descriptionEn: original.descriptionEn,
    descriptionAr: original.descriptionAr,
    price: original.price,
    currency: original.currency,
    area: original.area ?? null,
    locationEn: original.locationEn,
    locationAr: original.locationAr,
    continent: original.continent ?? null,
    categoryId: original.categoryId,
    typeId: original.typeId,
    status: original.status,
    offeringType: original.offeringType,
    rentFrequency: original.rentFrequency ?? null,
    displayType: original.displayType,
    isFeatured: original.isFeatured,
    yearBuilt: original.yearBuilt ?? null,
    buildingAge: original.buildingAge ?? null,
    floor: original.floor ?? null,
    totalFloors: original.totalFloors ?? null,
    parkingSpaces: original.parkingSpaces ?? 0,
    bedrooms: original.bedrooms ?? 0,
    bathrooms: original.bathrooms ?? 0,
    hasBalcony: original.hasBalcony,
    hasGarden: original.hasGarden,
    hasElevator: original.hasElevator,
    hasSwimmingPool: original.hasSwimmingPool,
    hasGym: original.hasGym,
    hasSecurity: original.hasSecurity,
    petsAllowed: original.petsAllowed,
    parkingSpace: original.parkingSpace,
    furnished: original.furnished,
    images: original.images,
  };
}

export interface Duplicated {
  property: Property;
  /** The original's selected features were given to the copy too. */
  featuresCopied: boolean;
}

/**
 * Duplicates a listing: reads the original's selected features, creates the copy with the
 * form it was made with, then gives the copy the same features. When that last step fails
 * the copy exists without them, and the answer says so.
 */
export async function duplicateProperty(original: Property): Promise<Duplicated> {
  const features = await getSelectedFeatures(original.id);
  const property = madeWithQuickForm(original)
    ? await dataOf(api.POST('/api/properties', { params: { query: { form: 'quick' } }, body: quickDuplicatePayload(original) }))
    : await dataOf(api.POST('/api/properties', { body: duplicatePayload(original) }));
  if (features.length === 0) return { property, featuresCopied: true };
  try {
    await setSelectedFeatures(
      property.id,
      features.map((feature) => feature.id),
    );
    return { property, featuresCopied: true };
  } catch {
    return { property, featuresCopied: false };
  }
}

/** Duplicates a listing; lists and statistics are read again once the copy exists. */
export function useDuplicateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProperty,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: statsQueryKey }),
      ]),
  });
}
