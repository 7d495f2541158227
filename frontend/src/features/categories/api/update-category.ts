import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@/generated/types';
import { apiData, listsChanged, type VersionedUpdate } from '@/lib/api-client';
import { categoriesQueryKey, type Category } from './get-categories';

export async function updateCategory({ id, version, input }: VersionedUpdate<CategoryInput>): Promise<Category> {
  return apiData<Category>('PUT', `/api/categories/${id}`, input, { ifMatch: version });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: categoriesQueryKey }) : undefined,
  });
}
