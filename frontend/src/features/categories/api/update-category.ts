import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@/generated/types';
import { api, dataOf, ifMatch, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { categoriesQueryKey, type Category } from './get-categories';

export async function updateCategory({ id, version, input }: VersionedUpdate<CategoryInput>): Promise<Category> {
  return dataOf(api.PUT('/api/categories/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: categoriesQueryKey }) : undefined,
  });
}
