import { describe, expect, it } from 'vitest';
import { exportQuery } from './export-properties';

describe('exportQuery', () => {
  it('sends the format, the search, the order and the filters of the address, not its page', () => {
    const query = exportQuery({
      format: 'csv',
      q: 'villa',
      sort: '-price',
      search: '?page=3&q=villa&status=sold&importId=7&edit=4&categoryId=',
      language: 'en',
    });
    expect(query).toEqual({
      format: 'csv',
      offset: -new Date().getTimezoneOffset(),
      q: 'villa',
      sort: '-price',
      status: 'sold',
      importId: '7',
    });
    expect(exportQuery({ format: 'xlsx', q: '', search: '', language: 'ar' })).toEqual({
      format: 'xlsx',
      offset: -new Date().getTimezoneOffset(),
    });
  });
});
