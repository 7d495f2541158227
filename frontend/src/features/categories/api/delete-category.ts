import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashBatch } from '@/lib/trash';
import { api, ifMatch, listsChanged, type Versioned } from '@/lib/api-client';
import { categoriesQueryKey } from './get-categories';

export async function deleteCategory({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/categories/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: categoriesQueryKey }) : undefined,
  });
}
