// Fixtures and a renderer for the property form's tests: the catalogs a fake server answers
// and the form mounted with the app's providers.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import type { Category, City, Country, Portal, Property, PropertyFeature, PropertyType, Region } from '@/generated/types';
import { constants } from '@/lib/rules';
import { answer, signedIn, type Handler } from '@/test/server';
import { PropertyForm, type PropertyFormProps } from './index';

const created = '2025-01-01T00:00:00Z';

// Where advertising is regulated (issue 39): Dubai by its Land Department, Saudi Arabia by
// REGA; Jordan by none.
export const countries: Country[] = [
  { id: 1, code: 'JO', nameEn: 'Jordan', nameAr: 'الأردن', createdAt: created, version: 1 },
  { id: 2, code: 'AE', nameEn: 'United Arab Emirates', nameAr: 'الإمارات', createdAt: created, version: 1 },
  { id: 3, code: 'SA', nameEn: 'Saudi Arabia', nameAr: 'السعودية', advertisingAuthority: 'REGA', createdAt: created, version: 1 },
];

function city(id: number, country: Country, nameEn: string, nameAr: string, advertisingAuthority?: string): City {
  return {
    id,
    countryId: country.id,
    countryNameEn: country.nameEn,
    countryNameAr: country.nameAr,
    nameEn,
    nameAr,
    advertisingAuthority: advertisingAuthority ?? null,
    createdAt: created,
    version: 1,
  };
}

export const amman = city(1, countries[0] as Country, 'Amman', 'عمّان');
export const irbid = city(3, countries[0] as Country, 'Irbid', 'إربد');
export const dubai = city(2, countries[1] as Country, 'Dubai', 'دبي', 'DLD');
export const riyadh = city(4, countries[2] as Country, 'Riyadh', 'الرياض');

export const abdoun: Region = {
  id: 1,
  cityId: 1,
  cityNameEn: 'Amman',
  cityNameAr: 'عمّان',
  countryId: 1,
  countryNameEn: 'Jordan',
  countryNameAr: 'الأردن',
  nameEn: 'Abdoun',
  nameAr: 'عبدون',
  createdAt: created,
  version: 1,
};

export const categories: Category[] = [
  { id: 1, nameEn: 'Residential', nameAr: 'سكني', createdAt: created, version: 1 },
  { id: 2, nameEn: 'Investment', nameAr: 'استثماري', createdAt: created, version: 1 },
];

export const propertyTypes: PropertyType[] = [
  { id: 1, nameEn: 'Apartment', nameAr: 'شقة', createdAt: created, version: 1 },
  { id: 2, nameEn: 'Villa', nameAr: 'فيلا', createdAt: created, version: 1 },
];

function feature(id: number, category: PropertyFeature['category'], nameEn: string, isActive = true): PropertyFeature {
  return { id, category, nameEn, nameAr: nameEn, icon: 'fi fi-rr-star', displayOrder: id, isActive, createdAt: created, updatedAt: created, version: 1 };
}

export const features: PropertyFeature[] = [
  feature(1, 'general', 'Garden'),
  feature(2, 'amenities', 'Shared laundry'),
  feature(3, 'luxury', 'Rooftop pool'),
  feature(4, 'luxury', 'Helipad', false),
];

/** The tile template the fake server names for the map pin picker. */
export const MAP_TILES = 'https://tile.example.test/{z}/{x}/{y}.png';

/** The company's default portals (its settings), which a new listing starts from: Website and Bayut. */
export const DEFAULT_PUBLISH_TO: Portal[] = ['website', 'bayut'];

/** What the fake server answers for the form's catalogs, the company's settings and the portals' words. */
export function catalogHandlers(): Record<string, Handler> {
  return {
    'GET /api/user': signedIn,
    'GET /api/countries': answer(200, countries),
    'GET /api/cities?countryId=1': answer(200, [amman, irbid]),
    'GET /api/cities?countryId=2': answer(200, [dubai]),
    'GET /api/cities?countryId=3': answer(200, [riyadh]),
    'GET /api/regions?cityId=1': answer(200, [abdoun]),
    'GET /api/regions?cityId=2': answer(200, []),
    'GET /api/regions?cityId=3': answer(200, []),
    'GET /api/regions?cityId=4': answer(200, []),
    'GET /api/categories': answer(200, categories),
    'GET /api/property-types': answer(200, propertyTypes),
    'GET /api/property-features': answer(200, features),
    'GET /api/properties/5/features': answer(200, []),
    'GET /api/properties/5/price-history': answer(200, []),
    'GET /api/map-tiles': answer(200, { tileUrl: MAP_TILES }),
    'GET /api/settings': answer(200, { companyName: 'Aqar', version: 1, defaultPublishTo: DEFAULT_PUBLISH_TO }),
    'GET /api/portals/propertyFinder/mappings': answer(200, []),
    'GET /api/portals/bayut/mappings': answer(200, []),
  };
}

/** A stored property made with the comprehensive form. */
export function storedProperty(overrides: Partial<Property> = {}): Property {
  const defaults = constants().newForms.property;
  return {
    ...defaults,
    id: 5,
    version: 3,
    titleEn: 'Sea view villa',
    titleAr: 'فيلا بإطلالة بحرية',
    descriptionEn: 'Four bedrooms by the sea.',
    descriptionAr: 'أربع غرف نوم على البحر.',
    price: 1234567.89,
    area: 320,
    countryId: 1,
    cityId: 1,
    regionId: 1,
    locationEn: 'Abdoun, Amman, Jordan',
    locationAr: 'عبدون، عمّان، الأردن',
    categoryId: 1,
    typeId: 2,
    buildingTypeNew: 'Villa',
    status: 'active',
    displayType: 'public',
    images: ['/media/aaa.jpg', '/media/bbb.png', 'https://images.unsplash.com/photo-1'],
    hasBalcony: false,
    hasGarden: false,
    hasElevator: false,
    hasSwimmingPool: false,
    hasGym: false,
    hasSecurity: false,
    petsAllowed: false,
    categoryName: 'Residential',
    categoryNameAr: 'سكني',
    typeName: 'Villa',
    typeNameAr: 'فيلا',
    advertisingAuthority: null,
    quality: 40,
    publishTo: ['website'],
    completionStatus: 'ready',
    readiness: [],
    blockedFor: [],
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

/** Mounts the form alone, with the app's providers (toasts included). */
export function renderForm(props: Partial<PropertyFormProps> = {}) {
  const onSaved = props.onSaved ?? (() => undefined);
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <PropertyForm {...props} onSaved={onSaved} />
    </AppProvider>,
  );
  return { ...view, queryClient };
}

/** Opens one of the six tabs by its name. */
export async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
}

/** Fills what the rules require of a new property, leaving the location as the defaults compose it. */
export async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Title (English)'), 'Garden flat');
  await userEvent.type(screen.getByLabelText('Title (Arabic)'), 'شقة مع حديقة');
  await userEvent.type(screen.getByLabelText('Description (English)'), 'Two bedrooms and a garden.');
  await userEvent.type(screen.getByLabelText('Description (Arabic)'), 'غرفتا نوم وحديقة.');
  await userEvent.type(screen.getByLabelText('Price'), '250000');
  await userEvent.type(screen.getByLabelText('Area (sq m)'), '140.5');
  await openTab('Details');
  await userEvent.selectOptions(screen.getByLabelText('Building Type'), 'Apartment');
  await openTab('Basic Info');
}
