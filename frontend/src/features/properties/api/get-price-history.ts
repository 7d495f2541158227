import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricePoint } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { propertiesQueryKey } from './properties-keys';

/** `GET /api/properties/{id}/price-history`: every price the listing asked, oldest first. */
export async function getPriceHistory(propertyId: number): Promise<PricePoint[]> {
  return dataOf(api.GET('/api/properties/{id}/price-history', { params: { path: { id: propertyId } } }));
}

/** Under the properties key: a saved price change refreshes it with the lists. */
export function priceHistoryQueryOptions(propertyId: number) {
  return queryOptions({
    queryKey: [...propertiesQueryKey, propertyId, 'price-history'],
    queryFn: () => getPriceHistory(propertyId),
  });
}

export function usePriceHistory(propertyId: number) {
  return useQuery(priceHistoryQueryOptions(propertyId));
}
