import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertiesQueryKey, statsQueryKey } from '@/features/properties';
import { api, dataOf } from '@/lib/api-client';
import { importQueryKey } from './imports-keys';
import type { ImportState } from './types';

/**
 * `POST /api/imports/{id}/commit` (202): the server starts writing the valid rows and answers
 * at once; committing again (a retry, a resume) never writes a row twice.
 */
export function commitImport(id: number): Promise<ImportState> {
  return dataOf(api.POST('/api/imports/{id}/commit', { params: { path: { id } } }));
}

export function useCommitImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => commitImport(id),
    onSuccess: (state) => {
      queryClient.setQueryData(importQueryKey(id), state);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: propertiesQueryKey });
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
    },
  });
}
