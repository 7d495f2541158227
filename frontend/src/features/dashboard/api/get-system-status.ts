import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

export const systemStatusQueryKey = ['/api/system-status'] as const;

export function getSystemStatus(): Promise<SystemStatus> {
  return dataOf(api.GET('/api/system-status'));
}

/** Measured by the server when asked; read again with the dashboard's other figures. */
export function systemStatusQueryOptions(refetchInterval: number) {
  return queryOptions({ queryKey: systemStatusQueryKey, queryFn: getSystemStatus, refetchInterval });
}

export function useSystemStatus(refetchInterval: number) {
  return useQuery(systemStatusQueryOptions(refetchInterval));
}

export type { SystemStatus };
