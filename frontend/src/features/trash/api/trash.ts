import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entity, TrashEntry } from '@/generated/types';
import { api, dataOf, type Page, pageOf } from '@/lib/api-client';
import { restoreBatch } from '@/lib/trash';

export const trashQueryKey = ['/api/trash'] as const;

export interface TrashPageParams {
  page: number;
  pageSize: number;
  q: string;
  entity: Entity | undefined;
}

export function getTrashPage({ page, pageSize, q, entity }: TrashPageParams, signal?: AbortSignal): Promise<Page<TrashEntry>> {
  const query = { page, pageSize, ...(q === '' ? {} : { q }), ...(entity === undefined ? {} : { entity }) };
  return pageOf(api.GET('/api/trash', { params: { query }, signal }));
}

export function useTrashPage(params: TrashPageParams) {
  return useQuery(
    queryOptions({
      queryKey: [...trashQueryKey, params] as const,
      queryFn: ({ signal }) => getTrashPage(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** A record in the trash, as the calls name it. */
export interface Trashed {
  entity: Entity;
  id: number;
}

/** A restore or purge changes the trash and, for a restore, the record's own lists: every read goes again. */
function useTrashMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries() });
}

export function useRestore() {
  return useTrashMutation(({ entity, id }: Trashed) =>
    dataOf(api.POST('/api/trash/{entity}/{id}/restore', { params: { path: { entity, id } } })),
  );
}

export function useRestoreBatch() {
  return useTrashMutation(restoreBatch);
}

export function usePurge() {
  return useTrashMutation(async ({ entity, id }: Trashed) => {
    await api.DELETE('/api/trash/{entity}/{id}', { params: { path: { entity, id } } });
  });
}

export type { TrashEntry };
