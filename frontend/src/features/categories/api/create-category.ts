import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { categoriesQueryKey, type Category } from './get-categories';

/** Creates a category; an inline data URL in `imageUrl` comes back as a `/media/...` reference. */
export async function createCategory(input: CategoryInput): Promise<Category> {
  return dataOf(api.POST('/api/categories', { body: input }));
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
