// What the property form holds, where each field lives among the six tabs, and how a
// record or the rules' new-form defaults become the form's starting values.
import type { DisplayType, Portal, PropertyInput } from '@/generated/types';
import type { Draft } from '@/lib/form';
import { constants } from '@/lib/rules';

/** The selected property features travel in their own call after the property is saved. */
export interface SelectedFeatures {
  featureIds: number[];
}

/** The form's values while it is filled: a draft of the payload plus the selected features. */
export type PropertyFormValues = Draft<PropertyInput> & SelectedFeatures;

/** The form's values once the rules accept them. */
export type ParsedPropertyForm = PropertyInput & SelectedFeatures;

export type PropertyField = keyof PropertyInput;

export type TabName = 'basic' | 'details' | 'features' | 'media' | 'financial' | 'advertising';

/** The tabs in display order. */
export const TABS: readonly TabName[] = ['basic', 'details', 'features', 'media', 'financial', 'advertising'];

/**
 * The room counts of the Details tab's space distribution, in the payload's order. Each is
 * read by the rules' `coerce.roomCount` (empty is 0).
 */
export const ROOM_COUNTS = [
  'bedroom',
  'masterBedroom',
  'maidsRoom',
  'livingRoom',
  'kitchen',
  'openKitchen',
  'serviceKitchen',
  'laundryRoom',
  'bathroom',
  'balcony',
  'terrace',
  'guestRoom',
  'storage',
] as const satisfies readonly PropertyField[];

/** The amenity flags of the Features tab, by the group they are shown in. */
export const AMENITY_GROUPS = {
  general: [
    'parkingSpace',
    'furnished',
    'fittedKitchen',
    'kitchenWithAppliances',
    'decoration',
    'panoramicView',
    'lobby',
    'hasIntercom',
  ],
  amenities: [
    'gasCentralHeating',
    'dieselCentralHeating',
    'airConditioningUnit',
    'hasCentralAC',
    'hasUnderfloorHeating',
    'doubleGlazedAluminumWindows',
    'electricShutters',
    'gasFireplace',
    'dieselFireplace',
  ],
  luxury: [
    'smartHomeSystem',
    'securitySystemCCTVAlarm',
    'swimmingPoolSharedOrPrivate',
    'gymFitnessCenter',
    'saunaJacuzzi',
    'bbqArea',
    'kidsPlayArea',
    'privateElevator',
  ],
} as const satisfies Record<'general' | 'amenities' | 'luxury', readonly PropertyField[]>;

export type AmenityField = (typeof AMENITY_GROUPS)[keyof typeof AMENITY_GROUPS][number];

/** The amenity flags in the payload's order. */
const AMENITIES: readonly AmenityField[] = [
  'parkingSpace',
  'furnished',
  'fittedKitchen',
  'kitchenWithAppliances',
  'gasCentralHeating',
  'dieselCentralHeating',
  'airConditioningUnit',
  'doubleGlazedAluminumWindows',
  'electricShutters',
  'gasFireplace',
  'dieselFireplace',
  'hasIntercom',
  'decoration',
  'smartHomeSystem',
  'hasUnderfloorHeating',
  'hasCentralAC',
  'panoramicView',
  'securitySystemCCTVAlarm',
  'swimmingPoolSharedOrPrivate',
  'gymFitnessCenter',
  'saunaJacuzzi',
  'bbqArea',
  'kidsPlayArea',
  'lobby',
  'privateElevator',
];

/**
 * Every payload field by the tab that shows it, each tab's fields in the order they are
 * shown: a failed save puts the cursor in the first of its failing fields in this order.
 */
export const TAB_FIELDS: Record<TabName, readonly PropertyField[]> = {
  basic: [
    'propertyNumber',
    'titleEn',
    'titleAr',
    'descriptionEn',
    'descriptionAr',
    'offeringType',
    'rentFrequency',
    'price',
    'currency',
    'area',
    'plotArea',
    'builtArea',
    'countryId',
    'cityId',
    'regionId',
    'locationEn',
    'locationAr',
    'latitude',
    'longitude',
    'locationApproximate',
    'continent',
    'categoryId',
    'typeId',
    'status',
    'displayType',
    'facing',
    'completionStatus',
    'isFeatured',
    'publishTo',
    'agentId',
  ],
  details: [
    'buildingTypeNew',
    'yearBuilt',
    'buildingCondition',
    'numberOfFloorsInBuilding',
    'floorNumberUnit',
    'apartmentsPerFloor',
    'parkingSpacesAvailable',
    'elevatorsAvailable',
    'fireSafetySystem',
    'hotelStyleEntrance',
    ...ROOM_COUNTS,
  ],
  features: AMENITIES,
  media: ['images', 'videoUrl', 'virtualTourUrl'],
  financial: ['maintenanceFee', 'propertyTax'],
  advertising: [
    'publishAt',
    'unpublishAt',
    'permitNumber',
    'permitIssuedAt',
    'permitExpiresAt',
    'contractEndsAt',
    'permitQrImage',
  ],
};

/** Every field in the order the form shows them: tab by tab. */
export const FIELD_ORDER: readonly PropertyField[] = TABS.flatMap((tab) => TAB_FIELDS[tab]);

/** The fields a server answer's `errors` map may name (the feature ids' call is separate). */
export const SERVER_FIELDS: readonly (PropertyField | 'featureIds')[] = [...FIELD_ORDER, 'featureIds'];

/** The tab showing `field`. */
export function tabOf(field: string): TabName {
  if (field === 'featureIds') return 'features';
  return TABS.find((tab) => (TAB_FIELDS[tab] as readonly string[]).includes(field)) ?? 'basic';
}

/** The first of `fields` in the form's order, or undefined when there is none. */
export function firstInOrder(fields: Iterable<string>): PropertyField | undefined {
  const failing = new Set(fields);
  return FIELD_ORDER.find((field) => failing.has(field));
}

/** A payload's fields taken from `source` (a record carries more than the payload). */
function payloadFields(source: Draft<PropertyInput>): Draft<PropertyInput> {
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, source[field] ?? null]));
}

export interface NewFormOptions {
  /** The category the add page's type card chose. */
  categoryId?: number | undefined;
  displayType?: DisplayType | undefined;
  /** The company's default portals (its settings' `defaultPublishTo`). */
  publishTo?: readonly Portal[] | undefined;
}

/**
 * What a new property starts from: the rules' defaults (core §9) with the add page's
 * choices and the company's default portals.
 */
export function newFormValues({ categoryId, displayType, publishTo }: NewFormOptions = {}): PropertyFormValues {
  const defaults = constants().newForms.property;
  return {
    ...payloadFields(defaults),
    ...(categoryId === undefined ? {} : { categoryId }),
    ...(displayType === undefined ? {} : { displayType }),
    ...(publishTo === undefined ? {} : { publishTo: [...publishTo] }),
    featureIds: [],
  };
}

/** What the form shows for a stored property and its selected features. */
export function recordFormValues(record: Draft<PropertyInput>, featureIds: readonly number[]): PropertyFormValues {
  return { ...payloadFields(record), featureIds: [...featureIds] };
}

/**
 * The payload to send for accepted form values: the payload's fields, empty texts as none.
 * A sale has no rent period: one chosen before the offering changed stays in the form (in
 * case it changes back) but is not sent.
 */
export function toPayload(values: ParsedPropertyForm): PropertyInput {
  const payload = payloadFields(values) as PropertyInput;
  for (const field of ['propertyNumber', 'videoUrl', 'virtualTourUrl', 'permitNumber', 'permitQrImage'] as const) {
    if ((payload[field]?.trim() ?? '') === '') payload[field] = null;
  }
  if (payload.offeringType !== 'rent') payload.rentFrequency = null;
  return payload;
}
