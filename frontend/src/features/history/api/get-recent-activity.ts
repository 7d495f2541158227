import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { historyQueryKey } from './get-record-history';

export const recentActivityQueryKey = [...historyQueryKey, 'recent'] as const;

export function getRecentActivity(): Promise<Activity[]> {
  return dataOf(api.GET('/api/history/recent'));
}

/** The latest changes anyone made, for the dashboard; read again with the dashboard's figures. */
export function recentActivityQueryOptions(refetchInterval: number) {
  return queryOptions({ queryKey: recentActivityQueryKey, queryFn: getRecentActivity, refetchInterval });
}

export function useRecentActivity(refetchInterval: number) {
  return useQuery(recentActivityQueryOptions(refetchInterval));
}

export type { Activity };
