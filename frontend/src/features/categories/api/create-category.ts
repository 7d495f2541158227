import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput } from '@/generated/types';
import { apiData } from '@/lib/api-client';
import { categoriesQueryKey, type Category } from './get-categories';

/** Creates a category; an inline data URL in `imageUrl` comes back as a `/media/...` reference. */
export async function createCategory(input: CategoryInput): Promise<Category> {
  return apiData<Category>('POST', '/api/categories', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
