import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionRestore } from '@/generated/types';
import { api, dataOf, ifMatch, isConflict } from '@/lib/api-client';
import { historyQueryKey } from './get-record-history';

export function restorePreviewQueryOptions(historyId: number) {
  return queryOptions({
    queryKey: [...historyQueryKey, 'restore', historyId],
    queryFn: ({ signal }) => dataOf(api.GET('/api/history/{id}/restore', { params: { path: { id: historyId } }, signal })),
    // The difference from now changes with every save of the record.
    staleTime: 0,
  });
}

/** What restoring the version a change left would write: the differences from now. */
export function useRestorePreview(historyId: number) {
  return useQuery(restorePreviewQueryOptions(historyId));
}

export interface RestoreCall {
  historyId: number;
  /** The record's version the differences were worked out at (a 412 when it moved on since). */
  version: number;
}

export function restoreVersion({ historyId, version }: RestoreCall): Promise<VersionRestore> {
  return dataOf(api.POST('/api/history/{id}/restore', { params: { path: { id: historyId } }, headers: ifMatch(version) }));
}

/**
 * Restores a version. The record may belong to any area, and the lists showing it are read
 * again before the mutation resolves; a 412 reads the differences again, from the record now.
 */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    onSuccess: () => queryClient.invalidateQueries(),
    onError: (error, { historyId }) =>
      isConflict(error) ? queryClient.invalidateQueries({ queryKey: restorePreviewQueryOptions(historyId).queryKey }) : undefined,
  });
}

export type { VersionRestore };
