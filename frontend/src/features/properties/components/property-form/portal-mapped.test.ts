import { describe, expect, it } from 'vitest';
import type { MappingKind, PortalMappingRow } from '@/generated/types';
import { mappedIn } from './portal-mapped';

function row(kind: MappingKind, recordId: number, value: string | null): PortalMappingRow {
  return { kind, recordId, nameEn: 'x', nameAr: 'x', parent: null, mappingId: value === null ? null : recordId, value, suggestion: null };
}

const listing = { categoryId: 1, typeId: 2, cityId: 3, regionId: 4 };

describe('whether a portal has words for a listing', () => {
  it('maps the type by the property type, or else by the category', () => {
    expect(mappedIn([row('propertyType', 2, 'VH')], listing).type).toBe(true);
    expect(mappedIn([row('propertyType', 2, null), row('category', 1, 'Villa')], listing).type).toBe(true);
    expect(mappedIn([row('propertyType', 9, 'VH'), row('category', 1, null)], listing).type).toBe(false);
  });

  it('maps the location only when both the city and the region have words', () => {
    const city = row('city', 3, 'Dubai');
    const region = row('region', 4, 'Dubai Marina');
    expect(mappedIn([city, region], listing).location).toBe(true);
    expect(mappedIn([city], listing).location).toBe(false);
    expect(mappedIn([region], listing).location).toBe(false);
    expect(mappedIn([city, region], { ...listing, regionId: null }).location).toBe(false);
  });

  it('takes an empty word for none', () => {
    expect(mappedIn([row('propertyType', 2, ''), row('city', 3, ''), row('region', 4, 'x')], listing)).toEqual({
      type: false,
      location: false,
    });
  });
});
