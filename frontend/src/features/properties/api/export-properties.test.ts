import { describe, expect, it } from 'vitest';
import { exportQuery } from './export-properties';

describe('exportQuery', () => {
  it('sends the format, the search, the order and the filters of the address, not its page', () => {
    const query = exportQuery({
      format: 'csv',
      q: 'villa',
      sort: '-price',
      search: '?page=3&q=villa&importId=7&edit=4&categoryId=',
      language: 'en',
    });
    expect(query).toEqual({
      format: 'csv',
      offset: -new Date().getTimezoneOffset(),
      q: 'villa',
      sort: '-price',
      importId: '7',
    });
    expect(exportQuery({ format: 'xlsx', q: '', search: '', language: 'ar' })).toEqual({
      format: 'xlsx',
      offset: -new Date().getTimezoneOffset(),
    });
  });

  it('sends the status, offering, price, area and room filters the list is asked for, not the address’s unchecked ones', () => {
    const query = exportQuery({
      format: 'xlsx',
      q: 'villa',
      sort: 'relevance',
      search: '?minPrice=9&maxPrice=1&bedrooms=2&minArea=50&status=let&offeringType=rent',
      filters: { status: 'rented', offeringType: 'rent', minArea: 50, bedrooms: 2, featureIds: [3, 5] },
      language: 'en',
    });
    expect(query).toEqual({
      format: 'xlsx',
      offset: -new Date().getTimezoneOffset(),
      q: 'villa',
      sort: 'relevance',
      status: 'rented',
      offeringType: 'rent',
      minArea: 50,
      bedrooms: 2,
      featureIds: '3,5',
    });
  });
});
