import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PropertyBulkRequest, PropertyFilter } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { LIST_FILTERS } from './export-properties';
import type { PropertySearchFilters } from './get-properties';
import { propertiesQueryKey, statsQueryKey } from './properties-keys';

const NUMBERS: readonly string[] = ['categoryId', 'typeId', 'countryId', 'cityId', 'importId'];

/**
 * The list's search and filters as a bulk call's filter: `q`, each filter the address holds,
 * and the search filters (status, offering, price, area, rooms, portals) as the list is asked
 * for them.
 */
export function propertyFilter(q: string, search: string, searchFilters: PropertySearchFilters = {}): PropertyFilter {
  const params = new URLSearchParams(search);
  const filter: Record<string, string | number | boolean | readonly number[]> = { ...searchFilters };
  if (q !== '') filter.q = q;
  for (const name of LIST_FILTERS) {
    const value = params.get(name);
    if (value === null || value === '') continue;
    filter[name] = NUMBERS.includes(name) ? Number(value) : name === 'isFeatured' ? value === 'true' : value;
  }
  return filter;
}

/** One change to many listings; every list and the statistics are read again afterwards, whatever the answer. */
export function useBulkProperties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyBulkRequest) => dataOf(api.POST('/api/properties/bulk', { body })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: statsQueryKey }),
      ]),
  });
}
