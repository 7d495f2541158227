import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Entity, HistoryEntry } from '@/generated/types';
import { api, pageOf } from '@/lib/api-client';

/** Changes one record's history panel shows at most; older ones stay in the API's later pages. */
export const RECORD_HISTORY_SIZE = 50;

export const historyQueryKey = ['/api/history'] as const;

export function recordHistoryQueryOptions(entity: Entity, id: number) {
  const query = { entity, id, pageSize: RECORD_HISTORY_SIZE };
  return queryOptions({
    queryKey: [...historyQueryKey, entity, id],
    queryFn: ({ signal }) => pageOf(api.GET('/api/history', { params: { query }, signal })),
    // A record's history grows with every save: read it again each time it is opened.
    staleTime: 0,
  });
}

/** The newest changes of one record, for administrators (the API answers 403 to others). */
export function useRecordHistory(entity: Entity, id: number, enabled: boolean) {
  return useQuery({ ...recordHistoryQueryOptions(entity, id), enabled });
}

export type { HistoryEntry };
