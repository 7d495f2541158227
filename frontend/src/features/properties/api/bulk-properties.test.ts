import { describe, expect, it } from 'vitest';
import { propertyFilter } from './bulk-properties';

describe("a bulk call's filter", () => {
  it('carries the search, the filters in the address and the search filters, status and offering as checked', () => {
    const filter = propertyFilter('villa', '?status=let&categoryId=3&isFeatured=true&minPrice=9', {
      status: 'rented',
      offeringType: 'rent',
      minPrice: 100000,
      maxPrice: 250000.5,
      minArea: 80,
      bedrooms: 2,
      featureIds: [4, 7],
    });
    expect(filter).toEqual({
      q: 'villa',
      status: 'rented',
      offeringType: 'rent',
      categoryId: 3,
      isFeatured: true,
      minPrice: 100000,
      maxPrice: 250000.5,
      minArea: 80,
      bedrooms: 2,
      featureIds: [4, 7],
    });
  });

  it('carries the portal filters as the list is asked for them', () => {
    expect(propertyFilter('', '?blockedFor=bayut', { publishTo: 'propertyFinder', blockedFor: 'bayut' })).toEqual({
      publishTo: 'propertyFinder',
      blockedFor: 'bayut',
    });
  });

  it('has nothing for what is not given', () => {
    expect(propertyFilter('', '', {})).toEqual({});
  });
});
