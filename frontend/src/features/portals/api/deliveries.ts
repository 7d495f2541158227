import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@/lib/api-client';
import type { PortalDelivery } from '../types';
import { pendingApi } from './pending-api';

export const deliveriesQueryKey = ['/api/portals/deliveries'] as const;

/** The last 100 webhook calls the portals made, newest first. */
export function getDeliveries(): Promise<PortalDelivery[]> {
  return dataOf(pendingApi.GET('/api/portals/deliveries'));
}

export function useDeliveries() {
  return useQuery(queryOptions({ queryKey: deliveriesQueryKey, queryFn: getDeliveries }));
}
