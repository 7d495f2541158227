import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { importQueryKey } from './imports-keys';
import type { ImportState } from './types';

/** How often the progress is read while the rows are being written. */
export const PROGRESS_POLL_MS = 500;

export function getImport(id: number, signal?: AbortSignal): Promise<ImportState> {
  return dataOf(api.GET('/api/imports/{id}', { params: { path: { id } }, signal }));
}

/**
 * `GET /api/imports/{id}`: where the import stands, read again every half second while its
 * rows are being written, so the progress bar moves (and comes back after a reload).
 */
export function useImport(id: number) {
  return useQuery({
    queryKey: importQueryKey(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'committing' ? PROGRESS_POLL_MS : false),
    staleTime: 0,
  });
}
