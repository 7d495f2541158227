import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalDelivery } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

export const deliveriesQueryKey = ['/api/portals/deliveries'] as const;

/** The last 100 webhook calls the portals made, newest first. */
export function getDeliveries(): Promise<PortalDelivery[]> {
  return dataOf(api.GET('/api/portals/deliveries'));
}

export function useDeliveries() {
  return useQuery(queryOptions({ queryKey: deliveriesQueryKey, queryFn: getDeliveries }));
}
